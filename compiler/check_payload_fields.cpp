#include "check_payload_fields.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"

namespace pipec {
namespace {

// An object of the payload: what reports call it, its fields, and the
// objects some of them hold.
struct PayloadObject {
  std::string what;
  std::vector<std::string> fields;
  std::map<std::string, std::string> holds;  // field -> object
};

// The property names of octokit/webhooks' payload schemas
// (payload-schemas/api.github.com/common/*.schema.json at 3a58428a), with
// those GitHub's OpenAPI description of the webhooks adds (a pull
// request's merge settings, a repository's subscribers_count, ...) and a
// user's user_view_type, which GitHub sends.
// clang-format off
const std::map<std::string, PayloadObject>& objects() {
  static const std::map<std::string, PayloadObject> known = {
    {"pull_request", {"a pull request", {
       "_links", "active_lock_reason", "additions", "assignee", "assignees", "author_association",
       "auto_merge", "base", "body", "changed_files", "closed_at", "comments", "comments_url",
       "commits", "commits_url", "created_at", "deletions", "diff_url", "draft", "head", "html_url",
       "id", "issue_url", "labels", "locked", "maintainer_can_modify", "merge_commit_sha", "mergeable",
       "mergeable_state", "merged", "merged_at", "merged_by", "milestone", "node_id", "number",
       "allow_auto_merge", "allow_update_branch", "delete_branch_on_merge", "merge_commit_message",
       "merge_commit_title", "squash_merge_commit_message", "squash_merge_commit_title",
       "use_squash_pr_title_as_default",
       "patch_url", "rebaseable", "requested_reviewers", "requested_teams", "review_comment_url",
       "review_comments", "review_comments_url", "state", "statuses_url", "title", "updated_at", "url",
       "user"},
     {{"head", "branch"}, {"base", "branch"}, {"user", "user"}, {"merged_by", "user"}, {"assignee", "user"}}}},
    {"branch", {"a pull request's head or base", {"label", "ref", "repo", "sha", "user"},
     {{"repo", "repository"}, {"user", "user"}}}},
    {"repository", {"a repository", {
       "allow_auto_merge", "allow_forking", "allow_merge_commit", "allow_rebase_merge",
       "allow_squash_merge", "allow_update_branch", "archive_url", "archived", "assignees_url",
       "blobs_url", "branches_url", "clone_url", "collaborators_url", "comments_url", "commits_url",
       "compare_url", "contents_url", "contributors_url", "created_at", "custom_properties",
       "default_branch", "delete_branch_on_merge", "deployments_url", "description", "disabled",
       "downloads_url", "events_url", "fork", "forks", "forks_count", "forks_url", "full_name",
       "git_commits_url", "git_refs_url", "git_tags_url", "git_url", "has_discussions",
       "has_downloads", "has_issues", "has_pages", "has_projects", "has_wiki", "homepage", "hooks_url",
       "html_url", "id", "is_template", "issue_comment_url", "issue_events_url", "issues_url",
       "keys_url", "labels_url", "language", "languages_url", "license", "master_branch",
       "merge_commit_message", "merge_commit_title", "merges_url", "milestones_url", "mirror_url",
       "name", "node_id", "notifications_url", "open_issues", "open_issues_count", "organization",
       "owner", "permissions", "private", "public", "pulls_url", "pushed_at", "releases_url", "size",
       "squash_merge_commit_message", "squash_merge_commit_title", "ssh_url", "stargazers",
       "stargazers_count", "stargazers_url", "statuses_url", "subscribers_url", "subscription_url",
       "svn_url", "tags_url", "teams_url", "topics", "trees_url", "updated_at", "url",
       "use_squash_pr_title_as_default", "visibility", "watchers", "watchers_count",
       "web_commit_signoff_required", "subscribers_count", "network_count", "temp_clone_token",
       "template_repository", "starred_at", "anonymous_access_enabled"},
     {{"owner", "user"}}}},
    {"user", {"a user", {
       "avatar_url", "email", "events_url", "followers_url", "following_url", "gists_url",
       "gravatar_id", "html_url", "id", "login", "name", "node_id", "organizations_url",
       "received_events_url", "repos_url", "site_admin", "starred_url", "subscriptions_url", "type",
       "url", "user_view_type", "starred_at"}, {}}},
  };
  return known;
}
// clang-format on

// The objects github.event holds under these names, in every event that
// has them.
const std::map<std::string, std::string> kEventObjects = {
    {"pull_request", "pull_request"}, {"repository", "repository"}, {"sender", "user"}};

}  // namespace

void check_payload_fields(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<std::string> reported;  // positions of the names reported
  each_runtime(*wf.body, [&](const Expr& e) {
    const Chain c = chain(e);
    if (c.size() < 4 || c[0].first != "github" || lower(c[1].first) != "event") return;
    auto root = kEventObjects.find(lower(c[2].first));
    if (root == kEventObjects.end()) return;
    std::string path = "github.event." + c[2].first;
    const PayloadObject* object = &objects().at(root->second);
    for (size_t i = 3; i < c.size() && object; ++i) {
      const std::string name = lower(c[i].first);  // GitHub reads fields without case
      if (std::find(object->fields.begin(), object->fields.end(), name) != object->fields.end()) {
        auto held = object->holds.find(name);
        object = held == object->holds.end() ? nullptr : &objects().at(held->second);
        path += "." + c[i].first;
        continue;
      }
      // A slip is a letter or two added, dropped, changed or swapped
      // (forked, tittle, frok), one in a short name (bse); a field further
      // from every known one may be one the lists lack.
      const size_t most = name.size() < 5 ? 1 : 2;
      std::string near;
      size_t best = most + 1;
      for (const auto& f : object->fields) {
        const size_t d = edit_distance(name, f);
        if (d < best) best = d, near = f;
      }
      if (!near.empty() && reported.insert(to_string(c[i].second)).second)
        diags.error(c[i].second, "payload-field",
                    path + " is " + object->what + ", which has no field \"" + c[i].first + "\" (did you mean \"" +
                        near + "\"?) in GitHub's webhook payloads, so GitHub reads " + path + "." + c[i].first +
                        " as null");
      return;
    }
  });
}

}  // namespace pipec
