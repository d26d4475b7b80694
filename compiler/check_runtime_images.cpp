#include "check_runtime_images.h"

#include "ascii.h"
#include "image_ref.h"
#include "ast.h"
#include "expr_chain.h"
#include "known_texts.h"

namespace pipec {
namespace {

void check_image(const Value& image, const Value& job, const WorkflowModel& wf, const std::string& what,
                 Diagnostics& diags) {
  if (image.kind != Value::Kind::Runtime && !image.is_runtime_string()) return;
  // Reported where the expression starts (matrix.img: at matrix).
  Pos at = image.pos;
  if (const Expr* e = whole_expr(image)) at = chain_head(*e).pos;
  const KnownTexts images = known_texts(image, job, &wf);
  if (!images) {
    diags.error(at, "unpinned",
                what + " is named at run time (" + text_of(image) +
                    ") by a value pipec cannot see, which may name any image, pinned or not; choose among "
                    "declared images with a condition or a matrix");
    return;
  }
  for (const auto& name : *images) {
    if (name.empty() || pinned_by_digest(name)) continue;
    diags.error(at, "unpinned",
                what + " can be \"" + name + "\", which is not pinned; " + kPinImage);
  }
}

}  // namespace

void check_runtime_images(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    const Value& job = *j.value;
    auto image_of = [](const Value& c) { return c.kind == Value::Kind::Object ? c.get("image") : &c; };
    if (const Value* c = job.get("container")) {
      if (const Value* image = c->tag == "image" ? nullptr : image_of(*c))
        check_image(*image, job, wf, "job \"" + j.key + "\"'s container image", diags);
    }
    if (const Value* services = job.get("services"); services && services->kind == Value::Kind::Object) {
      for (const auto& s : services->fields) {
        if (const Value* image = s.value->tag == "image" ? nullptr : image_of(*s.value))
          check_image(*image, job, wf, "service \"" + s.key + "\" of job \"" + j.key + "\"", diags);
      }
    }
  }
}

}  // namespace pipec
