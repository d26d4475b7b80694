// No credentials for runs from forks. A workflow a pull request starts
// (on pull_request or pull_request_target), and every workflow it calls,
// runs for pull requests from forks too. A step that gets credentials there
// (an action that needs an OIDC token, id-token: write; a secret other than
// GITHUB_TOKEN in its keys, or in its job's env, container or services)
// must not run for a fork: under pull_request GitHub gives such a run no
// credentials, so the step fails, and under pull_request_target it gives
// them to a run of the fork's code. The step, its job or a job that calls
// its workflow says so with a condition whose && holds
// !github.event.pull_request.head.repo.fork.
//
// A workflow workflow_run starts runs after workflows that pull requests
// from forks may have started, and GitHub gives it the repository's
// credentials whatever started the one before. A step that gets credentials
// there is guarded the same way, by
// !github.event.workflow_run.head_repository.fork.
//
// issue_comment and discussion_comment start runs for a comment anyone may
// write, with the repository's token and secrets; no fork field says who
// wrote it, so there the condition compares
// github.event.comment.author_association.
//
// The workflow's env reaches every step, and no if of its own guards it: a
// secret there is reported unless the job that calls the workflow is
// guarded. Where the run has the repository's credentials for a fork
// (pull_request_target, workflow_run, the comment triggers), a job with
// id-token: write is guarded too: any of its steps can ask for a token.
//
// Under pull_request_target and workflow_run the run has the repository's
// token and caches for a fork's pull request too, so a step that checks
// out the fork's code there (actions/checkout with a ref or repository
// read from the pull request's head, number or merge commit, or the
// workflow_run's head; or a script's gh pr checkout, or git fetch,
// checkout and the like given such a value, a pull request's ref, or an
// env variable set from such a value) is guarded the same way.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_fork_credentials(const Program& program, Diagnostics& diags);

}  // namespace pipec
