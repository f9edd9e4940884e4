#include "solver/batch_record.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace patience {

std::string to_json_line(const BatchRecord& r) {
    nlohmann::ordered_json line = {{"variant", rules_of(r.variant).name},
                                   {"seed", r.seed},
                                   {"ranks", r.ranks},
                                   {"result", to_string(r.result)},
                                   {"nodes", r.nodes},
                                   {"ms", std::round(r.ms * 1000) / 1000},
                                   {"moves", nullptr}};
    if (r.result == Verdict::Won) line["moves"] = r.moves;
    if (r.result == Verdict::Unknown) line["limit"] = to_string(r.limit);
    if (!r.decided_by.empty()) line["decided_by"] = r.decided_by;
    if (r.most_up >= 0) line["most_up"] = r.most_up;
    if (r.confirmation != Confirmation::NotAsked) {
        line["confirmation"] = to_string(r.confirmation);
        line["confirmation_nodes"] = r.confirmation_nodes;
    }
    if (r.pysol) line["numbering"] = "pysol";
    const RunConditions& c = r.conditions;
    if (c.recorded) {
        line["node_limit"] = c.node_limit;
        line["time_limit"] = c.time_limit;
        line["memory_mib"] = std::round(c.memory_mib * 1000) / 1000;
        if (!c.disabled.empty()) line["disabled"] = c.disabled;
        if (c.proof_effort != 1) line["proof_effort"] = c.proof_effort;
        line["version"] = c.version;
        if (!c.commit.empty()) line["commit"] = c.commit;
    }
    return line.dump();
}

namespace {

// The run conditions of a line, if it records them (all of node_limit, time_limit, memory_mib
// and version, or none of them); a problem with them is returned.
std::optional<std::string> parse_conditions(const nlohmann::json& json, RunConditions& c) {
    const bool any = json.contains("node_limit") || json.contains("time_limit") ||
                     json.contains("memory_mib") || json.contains("version") ||
                     json.contains("proof_effort");
    if (!any) return std::nullopt;
    for (const char* name : {"node_limit", "time_limit", "memory_mib", "version"}) {
        if (!json.contains(name)) return std::string("missing field '") + name + "'";
    }
    if (!json["node_limit"].is_number_unsigned()) {
        return std::string("field 'node_limit' is not an unsigned integer");
    }
    for (const char* name : {"time_limit", "memory_mib"}) {
        if (!json[name].is_number() || json[name].get<double>() < 0) {
            return std::string("field '") + name + "' is not a non-negative number";
        }
    }
    if (json.contains("proof_effort") &&
        (!json["proof_effort"].is_number_unsigned() ||
         json["proof_effort"].get<std::uint64_t>() < 1 ||
         json["proof_effort"].get<std::uint64_t>() > kMaxProofEffort)) {
        return "field 'proof_effort' is not an integer from 1 to " +
               std::to_string(kMaxProofEffort);
    }
    for (const char* name : {"version", "disabled", "commit"}) {
        if (json.contains(name) && !json[name].is_string()) {
            return std::string("field '") + name + "' is not a string";
        }
    }
    c.node_limit = json["node_limit"].get<std::uint64_t>();
    c.time_limit = json["time_limit"].get<double>();
    c.memory_mib = json["memory_mib"].get<double>();
    c.version = json["version"].get<std::string>();
    c.disabled = json.value("disabled", "");
    c.proof_effort = json.value("proof_effort", 1);
    c.commit = json.value("commit", "");
    c.recorded = true;
    return std::nullopt;
}

}  // namespace

std::optional<BatchRecord> parse_batch_line(std::string_view text, std::string& error) {
    const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) {
        error = "not valid JSON";
        return std::nullopt;
    }
    if (!json.is_object()) {
        error = "not a JSON object";
        return std::nullopt;
    }
    BatchRecord r;
    auto field = [&](const char* name) -> const nlohmann::json* {
        if (!json.contains(name)) {
            error = std::string("missing field '") + name + "'";
            return nullptr;
        }
        return &json[name];
    };
    const auto* variant = field("variant");
    if (!variant) return std::nullopt;
    const auto id =
        variant->is_string() ? parse_variant(variant->get<std::string>()) : std::nullopt;
    if (!id) {
        error = "unknown variant " + variant->dump();
        return std::nullopt;
    }
    r.variant = *id;
    for (const char* name : {"seed", "ranks", "nodes", "moves"}) {
        const auto* value = field(name);
        if (!value) return std::nullopt;
        if (!value->is_number_unsigned() && !(value->is_null() && name == std::string("moves"))) {
            error = std::string("field '") + name + "' is not an unsigned integer";
            return std::nullopt;
        }
    }
    r.seed = json["seed"].get<std::uint64_t>();
    r.nodes = json["nodes"].get<std::uint64_t>();
    r.moves = json["moves"].is_null() ? 0 : json["moves"].get<std::uint64_t>();
    const auto ranks = json["ranks"].get<std::uint64_t>();
    if (ranks < 1 || ranks > kMaxRanks ||
        ranks_problem(rules_of(r.variant), static_cast<int>(ranks))) {
        error = "field 'ranks' is not allowed for " + std::string(rules_of(r.variant).name);
        return std::nullopt;
    }
    r.ranks = static_cast<int>(ranks);
    const auto* ms = field("ms");
    if (!ms) return std::nullopt;
    if (!ms->is_number() || ms->get<double>() < 0) {
        error = "field 'ms' is not a non-negative number";
        return std::nullopt;
    }
    r.ms = ms->get<double>();
    const auto* result = field("result");
    if (!result) return std::nullopt;
    const std::string verdict = result->is_string() ? result->get<std::string>() : "";
    if (verdict == "won") {
        r.result = Verdict::Won;
    } else if (verdict == "lost") {
        r.result = Verdict::Lost;
    } else if (verdict == "unknown") {
        r.result = Verdict::Unknown;
    } else {
        error = "field 'result' must be won, lost or unknown, got " + result->dump();
        return std::nullopt;
    }
    if (json.contains("decided_by")) {
        if (!json["decided_by"].is_string()) {
            error = "field 'decided_by' is not a string";
            return std::nullopt;
        }
        r.decided_by = json["decided_by"].get<std::string>();
    }
    if (json.contains("most_up")) {
        const auto& most_up = json["most_up"];
        const int total = deal_cards(rules_of(r.variant), r.ranks);
        if (!most_up.is_number_unsigned() || most_up.get<std::uint64_t>() > std::uint64_t(total)) {
            error = "field 'most_up' is not a card count from 0 to " + std::to_string(total);
            return std::nullopt;
        }
        r.most_up = static_cast<int>(most_up.get<std::uint64_t>());
    }
    if (json.contains("confirmation") || json.contains("confirmation_nodes")) {
        const auto& confirmation = json.contains("confirmation") ? json["confirmation"] : nullptr;
        if (confirmation == "confirmed") {
            r.confirmation = Confirmation::Confirmed;
        } else if (confirmation == "unconfirmed") {
            r.confirmation = Confirmation::Unconfirmed;
        } else if (confirmation == "refuted") {
            r.confirmation = Confirmation::Refuted;
        } else {
            error = "field 'confirmation' must be confirmed, unconfirmed or refuted, got " +
                    confirmation.dump();
            return std::nullopt;
        }
        if (!json.contains("confirmation_nodes") ||
            !json["confirmation_nodes"].is_number_unsigned()) {
            error = "field 'confirmation_nodes' is not an unsigned integer";
            return std::nullopt;
        }
        r.confirmation_nodes = json["confirmation_nodes"].get<std::uint64_t>();
    }
    if (json.contains("numbering")) {
        const auto& numbering = json["numbering"];
        if (numbering == "pysol") {
            r.pysol = true;
        } else if (numbering != "seed") {
            error = "field 'numbering' must be seed or pysol, got " + numbering.dump();
            return std::nullopt;
        }
    }
    if (auto problem = parse_conditions(json, r.conditions)) {
        error = *problem;
        return std::nullopt;
    }
    return r;
}

}  // namespace patience
