// Comparisons with a value a field never has. Some fields GitHub sets take
// only a few values: runner.os is Linux, Windows or macOS, runner.arch
// X86, X64, ARM or ARM64, a job's or step's result success, failure,
// cancelled or skipped, github.ref_type branch or tag; github.ref is a
// full ref (refs/heads/main), while github.ref_name, github.head_ref and
// github.base_ref are short names. A comparison with anything else
// (`runner.os == 'ubuntu'`, `github.ref == 'main'`,
// `startsWith(github.ref, 'release/')`, `needs.build.result ==
// 'succeeded'`) has one answer in every run, and actionlint does not read
// the text. So has a comparison of a choice input with text none of its
// choices is (`inputs.platform == 'widows'`), where the manual-run form
// alone gives the input. GitHub compares text without case.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_known_values(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
