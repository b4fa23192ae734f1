// The card facts a player read, as text: how a saved position carries what
// each player knows (core/knowledge.h follows the same facts), so that a
// position loaded without its history resamples as the live game would.
//
// One fact is a letter and its numbers, facts apart by spaces:
//   p<zone>,<pos>,<card>                     a card placed (seen)
//   m<zone>,<to>,<pos>,<to_pos>,<card>       a card moved
//   s<zone>                                  a zone shuffled
//   v<zone>,<pos>,<card>                     a card seen where it lies
//   n<zone>,<card>,<card>,...                none of these cards is there
//   r<zone>,<pos>,<card>                     a card gone for good
//   a<zone>,<to>,<to_pos>                    a whole zone moved
// pos is 0 anywhere, 1 top, 2 bottom; card -1 is a card the reader did not
// see. Only the fields the tracker reads are written, so equal text is an
// equal fact for every reader.
#pragma once
#include <string>
#include <vector>

#include "core/events.h"

namespace henchmen {

std::string facts_to_text(const std::vector<CardFact>& facts);
// Appends one fact's text (with a space before it if `out` is not empty).
void append_fact_text(std::string& out, const CardFact& f);
// The facts of `text`; throws SerializationError naming `what` when a fact
// is malformed, names a zone outside 0..zones-1 or a card outside 0..255.
std::vector<CardFact> facts_from_text(const std::string& text, int zones, const std::string& what);

}  // namespace henchmen
