// No second move of the same cards: the cards the last move put on a column are not moved on
// again at once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/move.hpp"

namespace patience {

// Removes, from the moves at `begin` on, those that move again the cards `last` just placed.
// Call it only where no safe move was played after `last`, so that the positions below are
// really equal.
//
// Proof: moving the cards back where they came from gives the parent position, which is on the
// path (a cycle). Moving them to another column gives the same position as moving them there
// straight from the parent (the parent's move of the same cards to that column is legal: the
// cards sat on the same source, and the target's top is unchanged), a move the parent tries
// itself, up to the same folding of spaces its own moves get. The parent's own rule cannot have
// removed that move: it removes moves of the cards *its* last move placed, and those were not
// the cards `last` lifted, or `last` itself would have been removed. So every position the rule
// removes is the parent or a child of the parent, and the complete search still reaches every
// position the unpruned search reaches. A stock macro placing a card (from > 0) is the same: the
// parent's macro of the same depth to the other column gives the same position. With
// incomplete_pile.hpp on, the parent's move of the same cards onto another column's top is
// dropped exactly when `last` was (same run, same source, same card under it), except where
// `last` went into a space: the caller keeps every second move there.
// Only the probes use it (depth_first.hpp says why): in the complete search it saves a table
// lookup and no node, and costs nodes where lost moves are passed on. A probe reports nothing but
// a win, replayed, so the rule cannot change a `lost` there, and by the proof above it hides no
// position from a probe's full move set.
inline void drop_second_moves(std::vector<Move>& moves, std::uint32_t begin, const Move& last) {
    if (last.kind != MoveKind::ColumnToColumn && last.kind != MoveKind::WasteToColumn) return;
    auto again = [&](const Move& m) {
        return m.kind == MoveKind::ColumnToColumn && m.from == last.to && m.count == last.count;
    };
    moves.erase(std::remove_if(moves.begin() + begin, moves.end(), again), moves.end());
}

}  // namespace patience
