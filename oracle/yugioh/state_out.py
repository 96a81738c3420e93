"""The game state at a time step, written back as a position document (the input JSON format).

The rules core keeps the state as fluents ``h(F,T)`` (docs/facts-schema.md, "Position").  This
module only *reads* those atoms from a model and lays them out as the position format, so the
state after step T of a line can be saved, read back with ``parse_position`` and asked again:
the plays of the written position are the plays the rules allow after step T.

Cards keep the order of the input within a list (instances are numbered in input order); cards
that arrive in a list during the line come after, in instance order.  Cards are written by
passcode.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import clingo

from oracle.terms import value
from oracle.yugioh.position import Position

PLACE_LIST = {"hand": "hand", "deck": "deck", "graveyard": "graveyard", "banished": "banished",
              "extra": "extra_deck"}


def fluents(atoms: Iterable[clingo.Symbol], time: int) -> list[clingo.Symbol]:
    """The fluents F with h(F,time) among ``atoms``."""
    return [a.arguments[0] for a in atoms
            if a.name == "h" and len(a.arguments) == 2 and a.arguments[1].number == time]


def position_at(position: Position, atoms: Iterable[clingo.Symbol], time: int) -> dict:
    """The position document of the state at ``time`` in a model of the rules core."""
    state = fluents(atoms, time)
    by: dict[str, list[tuple]] = defaultdict(list)
    for f in state:
        by[f.name].append(tuple(value(a) for a in f.arguments))
    flags = lambda name: {args[0] for args in by[name]}
    faceup_extra, summoned, changed = flags("faceup_extra"), flags("summoned_turn"), flags("changed_pos")
    proper, from_extra, attacked, set_cards = flags("proper"), flags("from_extra"), flags("attacked"), flags("set")
    normal_summoned, gemini_on = flags("normal_summoned"), flags("gemini_on")
    pos = {i: p for i, p in by["pos"]}
    xmats: dict[int, list[int]] = defaultdict(list)
    for m, x in sorted(by["xmat"]):
        xmats[x].append(m)
    code = lambda i: position.slot(i).card.code

    players = []
    for p in (0, 1):
        players.append({"life_points": position.life_points[p], "hand": [], "deck": [], "graveyard": [],
                        "banished": [], "extra_deck": [], "monster_zones": [None] * 5,
                        "spell_trap_zones": [None] * 5, "field_zone": None})
    for p, n in by["lp"]:
        players[p]["life_points"] = n
    for p, what in sorted(by["duel_history"]):
        if isinstance(what, tuple) and what[0] == "special_summoned":
            players[p].setdefault("special_summoned_this_duel", []).append(what[1])
    known = {s.card.code for s in position.slots}
    for p, n in sorted(by["proc_used"]):
        if n in known:
            players[p].setdefault("procedures_used_this_turn", []).append(n)
    emz: list[dict | None] = [None, None]
    # The Deck is left out of the facts when no rule can use it (facts.position_facts): its cards,
    # mentioned nowhere in the state, are still in the Deck.
    mentioned = {args[0] for name in ("in", "mz", "sz", "xmat") for args in by[name]}
    by["in"] += [(s.iid, "deck") for s in position.slots if s.location == "deck" and s.iid not in mentioned]
    for i, place in sorted(by["in"]):
        slot = position.slot(i)
        entry: int | dict = code(i)
        if place == "extra" and i in faceup_extra:
            entry = {"card": code(i), "face_up": True}
        elif place in ("graveyard", "banished") and slot.card.is_monster:
            entry = {"card": code(i), "properly_summoned": i in proper}
        if place == "graveyard" and i in flags("gy_turn"):   # grave.lp: sent to the GY this turn
            entry = {"card": code(i), "sent_this_turn": True} if isinstance(entry, int) else {**entry, "sent_this_turn": True}
        applied = sorted(e for j, e in by["applied"] if j == i)
        if place == "graveyard" and applied:   # grave.lp: effects applied this turn (Stardust Dragon)
            entry = {**({"card": code(i)} if isinstance(entry, int) else entry), "effects_applied_this_turn": applied}
        players[slot.owner][PLACE_LIST[place]].append(entry)
    for i, p, z in sorted(by["mz"]):
        entry = {"card": code(i), "position": pos.get(i, "attack")}
        if i in summoned:
            entry["summoned_this_turn"] = True
        if i in changed:
            entry["position_changed_this_turn"] = True
        if i in attacked:
            entry["attacked_this_turn"] = True
        if i in flags("won_battle"):
            entry["destroyed_by_battle_this_turn"] = True
        if i in normal_summoned:
            entry["normal_summoned"] = True
        if i in gemini_on:
            entry["gemini_summoned"] = True
        if i not in proper:
            entry["properly_summoned"] = False
        if (i in from_extra) != position.slot(i).card.is_extra_deck:
            entry["summoned_from_extra_deck"] = i in from_extra
        if xmats.get(i):
            entry["materials"] = [code(m) for m in xmats[i]]
        if i in flags("negated"):
            entry["effects_negated"] = True
        if i in flags("banish_leaves"):
            entry["banished_when_it_leaves"] = True
        if i in flags("no_tribute_summon"):
            entry["cannot_be_tributed"] = True
        used = sorted(e for j, e in by["used_copy"] if j == i)
        if used:
            entry["effects_used"] = used
        no_mat = sorted(k for j, k in by["no_material"] if j == i)
        if no_mat:
            entry["cannot_be_material"] = no_mat
        if z >= 5:
            entry["controller"] = p
            emz[z - 5] = entry
        else:
            players[p]["monster_zones"][z] = entry
    mz_of = {i: {"player": p, "zone": z} for i, p, z in by["mz"]}
    equipped = {s: j for s, j in by["equipped_to"]}
    for i, p, z in sorted(by["sz"]):
        entry = {"card": code(i), "face_up": i not in set_cards}
        treated = [k for j, k in by["treated"] if j == i]
        if treated:
            entry["treated_as"] = treated[0]
        if i in flags("set_turn") and i in set_cards:
            entry["set_this_turn"] = True
        if i in equipped and equipped[i] in mz_of:
            entry["equipped_to"] = mz_of[equipped[i]]
        card = position.slot(i).card
        if card.is_monster and not (card.is_pendulum and z in (0, 4)):
            # A monster card equipped (moves.lp, equip.lp) or Set as a Spell by its own effect.
            entry["treated_as"] = "spell" if i in set_cards else "equip_spell" if i in equipped else "continuous_spell"
        if z == 5:
            players[p]["field_zone"] = entry
        else:
            players[p]["spell_trap_zones"][z] = entry

    for p, n, e in sorted(by["used_name"]):
        players[p].setdefault("effects_used_this_turn", []).append({"card": n, "effect": e})
    for p, n, e in sorted(by["used_duel"]):
        players[p].setdefault("effects_used_this_duel", []).append({"card": n, "effect": e})
    for p, n in sorted(by["ss_name"]):
        players[p].setdefault("special_summoned_this_turn", []).append(n)
    for p, k, n in sorted(by["kind_name"]):
        players[p].setdefault("summoned_this_turn_by", []).append({"card": n, "by": k})
    for p, n in sorted(by["used_grant"]):
        players[p].setdefault("additional_normal_summons_used", []).append(n)
    for p, c in sorted(by["plock"]):   # locks.lp
        players[p].setdefault("procedure_locks", []).append(c)
    taken = set(by["tg_used"])
    for p, key, c in sorted(by["turn_grant"], key=str):   # normal.lp
        players[p].setdefault("normal_summon_grants", []).append({"card": c, "used": (p, key) in taken})
    for p, c, e in sorted({(p, c, e) for p, c, e, _m, _k in by["lock"]}):
        players[p].setdefault("locks", []).append({"card": c, "effect": e})   # lock/5: locks.lp
    me = position.turn_player
    names = {f.name for f in state}
    phase = "main2" if "main2" in names else "battle" if names & {"battle", "bp_start"} else position.phase
    turn = {"player": me, "phase": phase,
            "normal_summon_used": any(args[0] == me for args in by["ns_used"]),
            "pendulum_summon_used": any(args[0] == me for args in by["ps_used"]),
            "first_turn": position.first_turn}
    if any(args[0] == me for args in by["extra_ns"]):
        turn["additional_normal_summon"] = True
    doc = {"game": "yugioh", "rules": position.rules, "turn": turn, "players": players,
           "extra_monster_zones": emz}
    return doc


def describe(position: Position, atoms: Iterable[clingo.Symbol], time: int) -> list[str]:
    """The state at ``time`` in a few short lines (the turn player's side first)."""
    doc = position_at(position, atoms, time)
    name = lambda e: position_name(position, e["card"] if isinstance(e, dict) else e)
    me = position.turn_player
    out = []
    for p in (me, 1 - me):
        side = doc["players"][p]
        who = "you" if p == me else "opponent"
        field = []
        for z, e in enumerate(side["monster_zones"]):
            if e:
                field.append(_monster(name, e, f"zone {z}"))
        for z, e in enumerate(doc["extra_monster_zones"]):
            if e and e.get("controller", 0) == p:
                field.append(_monster(name, e, f"Extra Monster Zone {'left' if z == 0 else 'right'}"))
        parts = [f"LP {side['life_points']}", "field: " + (", ".join(field) if field else "none")]
        st = [f"{name(e)} ({'Pendulum Zone' if z in (0, 4) and _is_pendulum(position, e) else 'Spell & Trap Zone'} {z}"
              + ("" if e.get("face_up", True) else ", face-down") + ")"
              for z, e in enumerate(side["spell_trap_zones"]) if e]
        if st:
            parts.append("back row: " + ", ".join(st))
        if p == me:
            parts.append("hand: " + (", ".join(name(e) for e in side["hand"]) or "none"))
        if side["graveyard"]:
            parts.append("GY: " + ", ".join(name(e) for e in side["graveyard"]))
        up = [name(e) for e in side["extra_deck"] if isinstance(e, dict) and e.get("face_up")]
        if up:
            parts.append("face-up in the Extra Deck: " + ", ".join(up))
        out.append(f"{who}: " + "; ".join(parts))
    used = [w for w, k in (("Normal Summon", "normal_summon_used"), ("Pendulum Summon", "pendulum_summon_used"))
            if doc["turn"][k]]
    for e in doc["players"][me].get("effects_used_this_turn", []):
        used.append(f"effect {e['effect']} of {position_name(position, e['card'])}")
    for n in doc["players"][me].get("additional_normal_summons_used", []):
        used.append(f"the additional Normal Summon of {position_name(position, n)}")
    if used:
        out.append("used this turn: " + ", ".join(used))
    open_grants = [position_name(position, g["card"]) for g in doc["players"][me].get("normal_summon_grants", [])
                   if not g["used"]]
    if open_grants:
        out.append("granted this turn: an additional Normal Summon by " + ", ".join(open_grants))
    locks = [f"only the monsters effect {e['effect']} of {position_name(position, e['card'])} allows"
             for e in doc["players"][me].get("locks", [])]
    locks += [f"only the monsters {position_name(position, c)}'s procedure allows"
              for c in doc["players"][me].get("procedure_locks", [])]
    if locks:
        out.append("locked: " + "; ".join(locks))
    return out


def _monster(name, e: dict, where: str) -> str:
    text = f"{name(e)} ({e['position']}, {where})"
    if e.get("materials"):
        text += " with " + ", ".join(name(m) for m in e["materials"])
    return text


def _is_pendulum(position: Position, entry: dict) -> bool:
    return any(s.card.code == entry["card"] and s.card.is_pendulum for s in position.slots)


def position_name(position: Position, code: int) -> str:
    for slot in [*position.slots, *(position.spares or ())]:   # a Token an effect summoned too
        if slot.card.code == code:
            return slot.card.name
    return str(code)
