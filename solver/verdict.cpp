#include "solver/verdict.hpp"

namespace patience {

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::Won: return "won";
        case Verdict::Lost: return "lost";
        case Verdict::Unknown: return "unknown";
    }
    return "unknown";
}

std::string_view to_string(LimitHit limit) {
    switch (limit) {
        case LimitHit::None: return "none";
        case LimitHit::Nodes: return "node limit";
        case LimitHit::Time: return "time limit";
        case LimitHit::Memory: return "memory limit";
        case LimitHit::Cancelled: return "cancelled";
    }
    return "none";
}

std::string_view to_string(Confirmation confirmation) {
    switch (confirmation) {
        case Confirmation::NotAsked: return "not asked";
        case Confirmation::Confirmed: return "confirmed";
        case Confirmation::Unconfirmed: return "unconfirmed";
        case Confirmation::Refuted: return "refuted";
    }
    return "not asked";
}

}  // namespace patience
