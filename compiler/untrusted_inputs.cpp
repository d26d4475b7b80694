#include "untrusted_inputs.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "ascii.h"

namespace pipec {
namespace {

constexpr std::array kUntrusted = {
    "github.event.issue.title",
    "github.event.issue.body",
    "github.event.pull_request.title",
    "github.event.pull_request.body",
    "github.event.pull_request.head.ref",
    "github.event.pull_request.head.label",
    "github.event.pull_request.head.repo.default_branch",
    "github.event.comment.body",
    "github.event.review.body",
    "github.event.review_comment.body",
    "github.event.pages.*.page_name",
    "github.event.commits.*.message",
    "github.event.commits.*.author.email",
    "github.event.commits.*.author.name",
    "github.event.head_commit.message",
    "github.event.head_commit.author.email",
    "github.event.head_commit.author.name",
    "github.event.discussion.title",
    "github.event.discussion.body",
    "github.event.workflow_run.display_title",
    "github.event.workflow_run.head_branch",
    "github.event.workflow_run.head_commit.message",
    "github.event.workflow_run.head_commit.author.email",
    "github.event.workflow_run.head_commit.author.name",
    "github.event.workflow_run.head_commit.committer.email",
    "github.event.workflow_run.head_commit.committer.name",
    "github.event.workflow_run.pull_requests.*.head.ref",
    "github.head_ref",
};

// The untrusted input `path` is, or leads to. A * in path (an index
// pipec cannot read, github.event.pull_request[x]) stands for any field.
bool holds_untrusted(const std::string& path) {
  auto split = [](std::string_view s) {
    std::vector<std::string_view> out;
    for (size_t from = 0;;) {
      const size_t dot = s.find('.', from);
      out.push_back(s.substr(from, dot == std::string_view::npos ? std::string_view::npos : dot - from));
      if (dot == std::string_view::npos) return out;
      from = dot + 1;
    }
  };
  const auto p = split(path);
  return std::any_of(kUntrusted.begin(), kUntrusted.end(), [&](std::string_view u) {
    const auto q = split(u);
    if (p.size() > q.size()) return false;
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i] != q[i] && p[i] != "*" && q[i] != "*") return false;
    }
    return true;
  });
}

}  // namespace

std::string github_path(const Expr& e) {
  std::vector<std::string> segs;
  const Expr* x = &e;
  for (; x->kind == Expr::Kind::Member || x->kind == Expr::Kind::Index; x = x->operands[0].get()) {
    if (x->kind == Expr::Kind::Member) segs.push_back(lower(x->text));
    else if (const Expr& i = *x->operands[1]; i.kind == Expr::Kind::String && i.parts.size() == 1 && !i.parts[0].expr)
      segs.push_back(lower(i.parts[0].text));
    else segs.push_back("*");
  }
  if (x->kind != Expr::Kind::Name || x->text != "github") return "";
  std::string path = "github";
  for (auto it = segs.rbegin(); it != segs.rend(); ++it) path += "." + *it;
  return path;
}

std::string untrusted_input(const Expr& e) {
  if (e.kind == Expr::Kind::Call) {
    std::string f = lower(e.text);
    if (f == "contains" || f == "startswith" || f == "endswith") return "";
  }
  if (e.kind == Expr::Kind::Member || e.kind == Expr::Kind::Index || e.kind == Expr::Kind::Name) {
    std::string path = github_path(e);
    if (!path.empty()) return holds_untrusted(path) ? path : "";
  }
  for (const auto& o : e.operands) {
    if (std::string u = untrusted_input(*o); !u.empty()) return u;
  }
  for (const auto& p : e.parts) {
    if (p.expr) {
      if (std::string u = untrusted_input(*p.expr); !u.empty()) return u;
    }
  }
  for (const auto& f : e.fields) {
    if (std::string u = untrusted_input(*f.value); !u.empty()) return u;
  }
  return "";
}

}  // namespace pipec
