#include "packages/s3_listing.h"

#include <expat.h>

#include <charconv>
#include <limits>
#include <memory>

namespace steps::packages {

namespace {

// The element path from the root, and the text of the innermost element.
struct ParseState {
  ListPage* page = nullptr;
  std::string_view prefix;  // of the keys kept
  std::vector<std::string> path;
  std::string text;
  bool has_key = false;
  std::optional<std::string> error;
};

bool at(const ParseState& state, std::initializer_list<std::string_view> expected) {
  if (state.path.size() != expected.size()) return false;
  auto it = state.path.begin();
  for (std::string_view name : expected) {
    if (*it++ != name) return false;
  }
  return true;
}

void on_start(void* data, const XML_Char* name, const XML_Char**) {
  auto& state = *static_cast<ParseState*>(data);
  state.path.emplace_back(name);
  state.text.clear();
  if (state.path.size() == 1 && state.path[0] != "ListBucketResult" && !state.error) {
    state.error = "the answer is not a ListBucketResult but a " + state.path[0];
  }
  if (at(state, {"ListBucketResult", "Contents"})) {
    state.page->objects.emplace_back();
    state.has_key = false;
  }
}

void on_end(void* data, const XML_Char*) {
  auto& state = *static_cast<ParseState*>(data);
  if (at(state, {"ListBucketResult", "IsTruncated"})) {
    state.page->truncated = state.text == "true";
  } else if (at(state, {"ListBucketResult", "NextContinuationToken"})) {
    state.page->next_token = state.text;
  } else if (at(state, {"ListBucketResult", "Contents", "Key"})) {
    state.page->objects.back().key = state.text;
    state.has_key = true;
  } else if (at(state, {"ListBucketResult", "Contents", "Size"})) {
    std::uint64_t size = 0;
    const char* end = state.text.data() + state.text.size();
    const auto [stop, ec] = std::from_chars(state.text.data(), end, size);
    if ((ec != std::errc() || stop != end) && !state.error) {
      state.error = "the Size \"" + state.text + "\" of an object is not a number";
    }
    state.page->objects.back().size = size;
  } else if (at(state, {"ListBucketResult", "Contents"})) {
    if (!state.has_key && !state.error) state.error = "an object in the listing has no Key";
    ++state.page->listed;
    if (!state.page->objects.back().key.starts_with(state.prefix)) state.page->objects.pop_back();
  }
  state.path.pop_back();
  state.text.clear();
}

void on_text(void* data, const XML_Char* text, int length) {
  static_cast<ParseState*>(data)->text.append(text, static_cast<std::size_t>(length));
}

}  // namespace

std::optional<std::string> parse_list_page(std::string_view xml, ListPage& page,
                                           std::string_view prefix) {
  page = {};
  if (xml.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    return "the listing is too large to parse";
  }
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr),
                                                                      XML_ParserFree);
  if (!parser) return "cannot create an XML parser";
  ParseState state;
  state.page = &page;
  state.prefix = prefix;
  XML_SetUserData(parser.get(), &state);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  XML_SetCharacterDataHandler(parser.get(), on_text);
  if (XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), XML_TRUE) != XML_STATUS_OK) {
    return "malformed XML at line " + std::to_string(XML_GetCurrentLineNumber(parser.get())) +
           ", column " + std::to_string(XML_GetCurrentColumnNumber(parser.get()) + 1) + ": " +
           XML_ErrorString(XML_GetErrorCode(parser.get()));
  }
  if (state.error) return state.error;
  if (page.truncated && page.next_token.empty()) {
    return "the listing is truncated but gives no NextContinuationToken";
  }
  return std::nullopt;
}

}  // namespace steps::packages
