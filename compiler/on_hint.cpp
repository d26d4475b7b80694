#include "on_hint.h"

#include <algorithm>
#include <vector>

#include "event_reach.h"

namespace pipec {

std::string on_block_hint(const Expr& written) {
  std::vector<const Expr*> items;
  if (written.kind == Expr::Kind::List) {
    for (const auto& i : written.operands) items.push_back(i.get());
  } else {
    items.push_back(&written);
  }
  const auto& triggers = trigger_names();
  std::string names;
  for (const Expr* i : items) {
    std::string name;
    if (i->kind == Expr::Kind::Name) name = i->text;
    if (i->kind == Expr::Kind::String && i->parts.size() == 1 && !i->parts[0].expr) name = i->parts[0].text;
    const bool known = name == "dispatch" || name == "call" ||
                       std::find(triggers.begin(), triggers.end(), name) != triggers.end();
    if (!known) return "on { push }";
    names += (names.empty() ? "" : " ") + name;
  }
  return names.empty() ? "on { push }" : "on { " + names + " }";
}

}  // namespace pipec
