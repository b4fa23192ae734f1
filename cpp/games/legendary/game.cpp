#include "games/legendary/game.h"

namespace henchmen::legendary {

GameInfo Traits::describe() {
  GameInfo g = named("legendary", "Legendary: A Marvel Deck Building Game (core set)", "Cooperative deck builder for 1 to 5 players: recruit heroes, fight the villains in the city and defeat the Mastermind before its Scheme wins.", 1, kMaxPlayers);
  g.zero_sum = false;  // cooperative: everyone can win or lose together
  const Json& t = builtin_card_table();
  const OptionSpec players = players_option(1, kMaxPlayers, "Number of players (1 is the solo game).");
  OptionSpec scheme{"scheme", OptionSpec::Kind::Choice, Json("random"), 0, 0, {"random"}, "The Scheme; \"random\" draws one by chance at setup."};
  for (const auto& s : t.at("schemes", "cards").as_array("schemes")) scheme.choices.push_back(s.at("name", "scheme").as_string("name"));
  OptionSpec mm{"mastermind", OptionSpec::Kind::Choice, Json("random"), 0, 0, {"random"}, "The Mastermind; \"random\" draws one by chance at setup."};
  for (const auto& m : t.at("masterminds", "cards").as_array("masterminds")) mm.choices.push_back(m.at("name", "mastermind").as_string("name"));
  OptionSpec villains{"villains", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {},
                      "Villain groups (as many as the setup table says); empty: drawn by chance, the Mastermind's Always Leads group first."};
  for (const auto& v : t.at("villains", "cards").as_array("villains")) villains.choices.push_back(v.at("name", "group").as_string("name"));
  OptionSpec hench{"henchmen", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {}, "Henchmen groups (needs a fixed scheme); empty: drawn by chance."};
  for (const auto& v : t.at("henchmen", "cards").as_array("henchmen")) hench.choices.push_back(v.at("name", "group").as_string("name"));
  OptionSpec heroes{"heroes", OptionSpec::Kind::ChoiceList, Json(Json::Array{}), 0, 0, {}, "Heroes in the Hero Deck (needs a fixed scheme); empty: drawn by chance."};
  for (const auto& v : t.at("heroes", "cards").as_array("heroes")) heroes.choices.push_back(v.at("name", "hero").as_string("name"));
  OptionSpec diff{"difficulty", OptionSpec::Kind::Choice, Json("normal"), 0, 0, {"normal", "heroic", "champion", "legendary"},
                  "Extra Scheme Twists in the Villain Deck: 0, 1, 2 or 3."};
  OptionSpec bonus{"mastermind_bonus", OptionSpec::Kind::Int, Json(0), -1, 5, {}, "Added to the Mastermind's Attack (difficulty)."};
  OptionSpec officers{"starting_officers", OptionSpec::Kind::Int, Json(0), 0, 4, {}, "Easier start: each player swaps this many Agents for Officers."};
  OptionSpec showdown{"final_showdown", OptionSpec::Kind::Bool, Json(false), 0, 0, {}, "Play the optional Final Showdown for the Mastermind card."};
  g.options = {players, scheme, mm, villains, hench, heroes, diff, bonus, officers, showdown, card_data_option()};
  g.observation_keys = {
      {"viewer", "the player this observation is for"},
      {"current_player", "who decides now (-1 chance, -4 the game is over)"},
      {"turn", "the turn number, from 1"},
      {"turn_player", "whose turn it is"},
      {"mastermind", "the Mastermind's name"},
      {"mastermind_state", "attack, bystanders held, tactics_left, defeated, portal (Dark Portal)"},
      {"scheme", "the Scheme's name"},
      {"scheme_state", "the Scheme's counters: twists_played, twists_beside, villains_escaped, heroes_escaped, bystanders_carried, killbots_escaped"},
      {"villain_groups", "the Villain groups in the Villain Deck"},
      {"henchmen_groups", "the Henchman groups in the Villain Deck"},
      {"heroes", "the Heroes in the Hero Deck"},
      {"villain_deck", "the Villain Deck's contents (public; only their order is unknown)"},
      {"villain_deck_size", "cards left in the Villain Deck"},
      {"hero_deck_size", "cards left in the Hero Deck"},
      {"hq", "the five Heroes for recruit in the HQ (null: an empty space)"},
      {"city", "the five city spaces (Sewers to Bridge): villain, attack, bystanders held, portal, the card under it"},
      {"escaped", "the Escape Pile, as a count of each card"},
      {"ko_pile", "the KO pile, as a count of each card"},
      {"bystander_stack", "Bystanders left in their stack"},
      {"wound_stack", "Wounds left in their stack"},
      {"officer_stack", "S.H.I.E.L.D. Officers left in their stack"},
      {"turn_state", "the turn so far: attack and recruit points, cards played, extra draws, the new hand size at the end, bubble (a card set aside to return to hand), healed, extra_turn and the like"},
      {"pending", "the choice in progress (kind, player, card, count), or null"},
      {"look", "cards being looked at (null when another player looks at them in private)"},
      {"look_size", "how many cards are being looked at"},
      {"stolen", "cards stolen this turn (by a Villain)"},
      {"players", "one entry per seat, in seat order, with the keys players[].* below"},
      {"players[].hand", "your own hand (only in your own entry)"},
      {"players[].deck_unknown", "the cards of your own deck below its known top, in no order (only in your own entry)"},
      {"players[].unseen", "another player's cards you cannot place: hand, unknown deck, face-down tops, a card being passed"},
      {"players[].passing", "your card being passed (your entry), or whether a player is passing one (others')"},
      {"players[].hand_size", "how many cards in hand"},
      {"players[].last_revealed", "the card this player last revealed (from the hand, or shown from the deck); \"nothing\" when they had no card of the kind asked for; null before any reveal"},
      {"players[].deck_size", "cards in the deck"},
      {"players[].deck_top", "cards known to be on top of the deck, in order (null: put there face down by another player)"},
      {"players[].discard", "the discard pile (public)"},
      {"players[].victory", "the Victory Pile"},
      {"players[].vp", "Victory Points so far"},
      {"game_over", "true once the game has ended"},
      {"solo_score", "the solo score (one player only): victory points less the penalties for Bystanders carried away, Scheme Twists played and Villains escaped"},
      {"result", "the result once the game is over (the players win or Evil wins, and why), or null"},
  };
  return g;
}

std::shared_ptr<const Config> Traits::configure(const Json& options) { return std::make_shared<const Config>(make_config(options)); }

std::shared_ptr<Game> make_game(const Json& options) { return std::make_shared<NativeGame<Traits>>(options); }

}  // namespace henchmen::legendary
