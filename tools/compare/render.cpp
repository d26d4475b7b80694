#include "render.h"

#include <fmt/format.h>

#include "yaml_value.h"

namespace wfcompare {

namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::string render_text(const Report& report) {
  std::string out;
  for (const auto& w : report.workflows) {
    const auto& p = w.pair;
    std::string title = p.id;
    if (p.id != p.generated || p.generated != p.corpus) {
      title += fmt::format(" (generated {}, corpus {})", p.generated, p.corpus);
    }
    out += fmt::format("== {}: {}\n", title,
                       plural(w.differences.size(), "difference", "differences"));
    for (const auto& r : w.differences) {
      const Difference& d = r.difference;
      out += fmt::format("{} {} {}: corpus={} generated={}\n", p.id, kind_name(d.kind), d.item,
                         render_side(d.corpus), render_side(d.generated));
      if (!r.reason) out += "  UNEXPLAINED\n";
      else if (d.part_of) out += fmt::format("  part of: {} {}\n", kind_name(d.part_of->kind), d.part_of->item);
      else out += fmt::format("  reason: {}\n", *r.reason);
    }
    out += "\n";
  }
  if (!report.unpaired.empty()) {
    out += "== unpaired files\n";
    for (const auto& f : report.unpaired) {
      out += fmt::format("{} {}\n", f.in_corpus ? "only-in-corpus" : "only-in-generated", f.file);
      out += f.explanation ? fmt::format("  reason: {}\n", *f.explanation) : "  UNEXPLAINED\n";
    }
    out += "\n";
  }
  if (!report.stale_reasons.empty() || !report.stale_map_entries.empty()) {
    out += "== stale\n";
    for (const auto& r : report.stale_reasons) {
      out += fmt::format("STALE REASON {}: {} {} {}: {}\n", r.where, r.workflow, kind_name(r.kind),
                         r.item, r.text);
    }
    for (const auto& m : report.stale_map_entries) {
      out += fmt::format("STALE MAP ENTRY {}: {}\n", m.where, m.message);
    }
    out += "\n";
  }
  Summary s = report.summary();
  // Fixed words, so that scripts can read the line whatever the counts.
  out += fmt::format(
      "workflows: {} compared, {} differences, {} explained, {} unexplained, {} stale reasons\n",
      s.compared, s.differences, s.explained, s.unexplained, s.stale);
  return out;
}

std::string render_lines(const Report& report) {
  std::string out;
  for (const auto& w : report.workflows) {
    for (const auto& r : w.differences) {
      const Difference& d = r.difference;
      out += fmt::format("{} {} {}: corpus={} generated={}\n", w.pair.id, kind_name(d.kind), d.item,
                         render_side(d.corpus), render_side(d.generated));
    }
  }
  for (const auto& f : report.unpaired)
    out += fmt::format("{} {}\n", f.in_corpus ? "only-in-corpus" : "only-in-generated", f.file);
  return out;
}

std::string render_json(const Report& report) {
  using nlohmann::json;
  json workflows = json::array();
  for (const auto& w : report.workflows) {
    json diffs = json::array();
    for (const auto& r : w.differences) {
      json d = {{"kind", kind_name(r.difference.kind)},
                {"item", r.difference.item},
                {"explained", r.reason.has_value()}};
      if (r.difference.corpus) d["corpus"] = *r.difference.corpus;
      if (r.difference.generated) d["generated"] = *r.difference.generated;
      if (r.reason) {
        d["reason"] = *r.reason;
        d["reason_at"] = r.reason_where;
      }
      if (r.difference.part_of)
        d["part_of"] = std::string(kind_name(r.difference.part_of->kind)) + " " + r.difference.part_of->item;
      diffs.push_back(std::move(d));
    }
    workflows.push_back({{"workflow", w.pair.id},
                         {"generated", w.pair.generated},
                         {"corpus", w.pair.corpus},
                         {"differences", std::move(diffs)}});
  }
  json unpaired = json::array();
  for (const auto& f : report.unpaired) {
    json u = {{"file", f.file},
              {"side", f.in_corpus ? "corpus" : "generated"},
              {"explained", f.explanation.has_value()}};
    if (f.explanation) u["reason"] = *f.explanation;
    unpaired.push_back(std::move(u));
  }
  json stale_reasons = json::array();
  for (const auto& r : report.stale_reasons) {
    stale_reasons.push_back({{"at", r.where},
                             {"workflow", r.workflow},
                             {"kind", kind_name(r.kind)},
                             {"item", r.item},
                             {"reason", r.text}});
  }
  json stale_map = json::array();
  for (const auto& m : report.stale_map_entries) {
    stale_map.push_back({{"at", m.where}, {"message", m.message}});
  }
  Summary s = report.summary();
  json out = {{"workflows", std::move(workflows)},
              {"unpaired", std::move(unpaired)},
              {"stale_reasons", std::move(stale_reasons)},
              {"stale_map_entries", std::move(stale_map)},
              {"summary",
               {{"compared", s.compared},
                {"differences", s.differences},
                {"explained", s.explained},
                {"unexplained", s.unexplained},
                {"stale", s.stale}}}};
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace wfcompare
