#include "test_support/capturing_server.h"

#include <stdexcept>

#include "runtime/text.h"

#if !defined(_WIN32)
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace steps::packages::testing {

#if defined(_WIN32)
CapturingServer::CapturingServer() {}
CapturingServer::~CapturingServer() {}
std::string CapturingServer::endpoint() const { return ""; }
std::vector<std::map<std::string, std::string>> CapturingServer::requests() const {
  throw std::runtime_error("CapturingServer is POSIX only");
}
void CapturingServer::serve() {}
#else
namespace {

std::map<std::string, std::string> parse_headers(const std::string& head) {
  std::map<std::string, std::string> headers;
  size_t start = head.find("\r\n");  // skip the request line
  while (start != std::string::npos && start + 2 < head.size()) {
    const size_t end = head.find("\r\n", start + 2);
    const std::string line = head.substr(start + 2, end - start - 2);
    const size_t colon = line.find(':');
    if (colon != std::string::npos) {
      const std::string name = runtime::lower(line.substr(0, colon));
      size_t value = colon + 1;
      while (value < line.size() && line[value] == ' ') ++value;
      headers[name] = line.substr(value);
    }
    start = end;
  }
  return headers;
}

}  // namespace

CapturingServer::CapturingServer() {
  listener_ = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (listener_ < 0 || bind(listener_, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
      listen(listener_, 4) != 0 ||
      getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    if (listener_ >= 0) close(listener_);
    throw std::runtime_error("CapturingServer: cannot listen on loopback");
  }
  port_ = ntohs(address.sin_port);
  thread_ = std::thread([this] { serve(); });
}

CapturingServer::~CapturingServer() {
  shutdown(listener_, SHUT_RDWR);  // ends the blocking accept()
  close(listener_);
  thread_.join();
}

std::string CapturingServer::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

std::vector<std::map<std::string, std::string>> CapturingServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void CapturingServer::serve() {
  for (;;) {
    const int connection = accept(listener_, nullptr, nullptr);
    if (connection < 0) return;
    std::string data;
    char buffer[4096];
    size_t head_end = std::string::npos;
    size_t wanted = 0;
    for (;;) {
      const ssize_t n = recv(connection, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      data.append(buffer, static_cast<size_t>(n));
      if (head_end == std::string::npos && (head_end = data.find("\r\n\r\n")) != std::string::npos) {
        const auto headers = parse_headers(data.substr(0, head_end));
        const auto length = headers.find("content-length");
        wanted = head_end + 4 + (length == headers.end() ? 0 : std::stoul(length->second));
      }
      if (head_end != std::string::npos && data.size() >= wanted) break;
    }
    if (head_end != std::string::npos) {
      std::lock_guard lock(mutex_);
      requests_.push_back(parse_headers(data.substr(0, head_end)));
    }
    const std::string reply = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    send(connection, reply.data(), reply.size(), 0);
    close(connection);
  }
}
#endif

}  // namespace steps::packages::testing
