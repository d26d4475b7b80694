// Reads one page of an S3 ListObjectsV2 answer (GET ?list-type=2): the
// objects' keys and sizes, and where the next page starts. The XML is parsed
// with expat; elements other than those below are skipped.
//   <ListBucketResult>
//     <IsTruncated>true</IsTruncated>
//     <NextContinuationToken>...</NextContinuationToken>
//     <Contents><Key>...</Key><Size>...</Size>...</Contents>...
//   </ListBucketResult>
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

struct ListedObject {
  std::string key;
  std::uint64_t size = 0;
};

struct ListPage {
  std::vector<ListedObject> objects;
  std::size_t listed = 0;  // the objects the page names, kept or not
  bool truncated = false;
  std::string next_token;  // NextContinuationToken; set when truncated
};

// Parses `xml` into `page`, keeping only the objects whose key starts with
// `prefix` (S3 lists no other; a server that does is not kept in memory).
// Returns why it could not (malformed XML, a root other than
// ListBucketResult, a Contents without Key or with a Size that is not a
// number, a truncated page without a token); nullopt on success.
std::optional<std::string> parse_list_page(std::string_view xml, ListPage& page,
                                           std::string_view prefix = {});

}  // namespace steps::packages
