"""``huldufolk.melee`` through the JSON boundary: the text's one against three
played by card buttons with the saved fight carried between requests, the
party's actor and target seated with their own decks and given back as
changes, the fill, refusals that keep the fight, and each choice the text
leaves open said in the roller."""

from __future__ import annotations

import json
import re
from typing import Any

from rules_py import web
from rules_py.huldufolk.widgets.melee import CHOICES
from rules_py.party import changes as party_changes
from rules_py.party.members import read_member

EXAMPLE = {
    "hero_name": "Bob",
    "hero_attack": 1,
    "hero_defence": 4,
    "hero_belief": 3,
    "hero_belief_to_spend": 2,
    "foe_name": "Hexenwolf",
    "foe_attack": 6,
}


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call("huldufolk.melee", json.dumps(request)))
    return answer


class Table:
    """The browser's part: keeps the state and sends it back with each request."""

    def __init__(self, **form: Any) -> None:
        self.form = {**EXAMPLE, **form}
        self.state: Any = None
        self.party: dict[str, Any] | None = None

    def send(self, action: str, **extra: Any) -> dict[str, Any]:
        request = {**self.form, **extra, "action": action}
        if self.state is not None:
            request["state"] = self.state
        if self.party is not None:
            request["party"] = self.party
        answer = call(request)
        assert answer["ok"], answer
        result: dict[str, Any] = answer["result"]
        if "state" in result:
            self.state = result["state"]
        return result

    def attack(self, attacker: str, target: str, card: int, defence: int) -> dict[str, Any]:
        self.form.update(attacker=attacker, target=target, mode="attack", power="attack")
        self.send("play", pick=card)
        return self.send("play", pick=defence)

    def fighters(self) -> list[dict[str, Any]]:
        fighters: list[dict[str, Any]] = self.state["fighters"]
        return fighters


def text(result: dict[str, Any]) -> str:
    return json.dumps(result["view"])


def test_the_texts_fight_by_card_buttons() -> None:
    t = Table()
    t.send("reset")
    for wolf, card in (("foe1", 2), ("foe2", 3), ("foe3", 4)):
        result = t.attack(wolf, "hero", 5, card)
        assert "HELD" in text(result)
    result = t.attack("hero", "foe1", 10, 1)
    assert "1 HIT" in text(result) and "Hexenwolf 1 takes 2 damage" in text(result)
    t.form["target"] = "foe1"
    t.send("out")
    t.attack("foe2", "hero", 4, 5)
    t.attack("foe3", "hero", 4, 6)
    t.attack("hero", "foe2", 1, 3)
    t.attack("foe2", "hero", 2, 1)
    t.attack("foe3", "hero", 3, 1)
    t.attack("hero", "foe2", 9, 1)
    t.form["target"] = "foe2"
    t.send("out")
    fighters = t.fighters()
    assert [f["hand"] for f in fighters] == [[1, 7, 8], [1, 2, 3, 4], [1], [1, 2]]
    assert [f["damage"] for f in fighters] == [2, 2, 2, 0]
    assert [f["mundane"][1] for f in fighters] == [0, 4, 3, 5]  # Wolf 3 was never attacked
    # Bob heals with Regeneration's Spend: a Belief spent, 3 levels off his 2.
    t.form.update(mode="power", aid="regeneration_spend", attacker="hero")
    result = t.send("use")
    assert t.fighters()[0]["damage"] == 0 and t.fighters()[0]["belief_to_spend"] == 1
    assert "one Belief spent" in text(result)


def test_the_preview_shows_each_wolfs_odds_and_saves_nothing() -> None:
    t = Table(power="entropy_spend", target="foe1", target_2="foe2", target_3="foe3")
    result = t.send("odds")
    assert "state" not in result  # a preview saves nothing: it may answer late
    step = result["view"][0]
    options = step["blocks"][0]["options"]
    ten = next(o for o in options if o["label"] == "10")
    # Bob's 10 + 1 = 11 against each wolf's 5 + Ace..5: every one is hit.
    assert ten["lines"][1:4] == [f"Hexenwolf {n}: hit for sure" for n in (1, 2, 3)]
    assert ten["request"]["pick"] == 10


def test_a_refused_move_keeps_the_fight() -> None:
    t = Table()
    t.send("reset")
    t.attack("hero", "foe1", 10, 1)
    before = t.state
    t.form.update(attacker="hero", target="foe1")
    answer = call({**t.form, "action": "play", "pick": 10, "state": before})
    assert answer == {
        "ok": False,
        "error": {
            "field": "pick",
            "message": "The 10 has been spent. Cards in hand: Ace, 2, 3, 4, 5, 6, 7, 8, 9.",
        },
    }
    answer = call({**t.form, "target": "foe6", "action": "play", "pick": 9, "state": before})
    assert answer["error"]["field"] == "target"
    assert "the hero and 3 foes" in answer["error"]["message"]


def member(name: str, **fields: Any) -> dict[str, Any]:
    answer = json.loads(web.call("party.new", json.dumps({"game": "huldufolk", "name": name})))
    found: dict[str, Any] = answer["result"]["member"]
    found.update(fields)
    return found


def test_the_party_actor_is_the_hero_with_its_own_deck_and_changes_come_back() -> None:
    ada = member("Ada", cards=[1, 2, 3, 9], damage=1, belief=3, belief_to_spend=2)
    t = Table()
    t.party = {"actor": ada, "target": None}
    result = t.send("reset")
    assert t.fighters()[0]["hand"] == [1, 2, 3, 9]  # the party's, not a fresh deck
    assert "changes" not in result
    # Ada attacks: only her own card moves, so the change applies by itself.
    t.form.update(attacker="hero", target="foe1", mode="attack", power="attack")
    result = t.send("play", pick=9)
    assert "changes" not in result  # face down: nothing has happened yet
    result = t.send("play", pick=1)
    assert result["apply"] == "auto"
    assert [(c["field"], c["from"], c["to"]) for c in result["changes"]] == [
        ("cards", [1, 2, 3, 9], [1, 2, 3])
    ]
    ada_after = party_changes.apply(read_member(ada), party_changes.read_changes(result["changes"]))
    # A wolf hits her: damage and threshold wait for Apply.
    t.party = {"actor": json.loads(json.dumps(_member_json(ada_after))), "target": None}
    t.form.update(attacker="foe1", target="hero")
    t.send("play", pick=5)
    result = t.send("play", pick=1)
    fields = {c["field"]: (c["from"], c["to"]) for c in result["changes"]}
    assert fields["damage"] == (1, 2) and fields["mundane"] == (5, 4)
    assert "apply" not in result
    # Regeneration's Spend: one Belief from the party's 2.
    t.form.update(mode="power", aid="regeneration_spend", attacker="hero")
    result = t.send("use")
    assert {c["field"]: c["to"] for c in result["changes"]}["belief_to_spend"] == 1


def _member_json(found: Any) -> dict[str, Any]:
    from rules_py.party.members import member_json

    result: dict[str, Any] = member_json(found)
    return result


def test_the_target_takes_the_first_foes_place() -> None:
    wen = member(
        "Wen",
        rank="minor",
        nature="supernatural",
        cards=[1, 4],
        supernatural_base=3,
        supernatural=3,
        mundane_base=2,
        mundane=2,
    )
    t = Table()
    t.party = {"actor": None, "target": wen}
    t.send("reset")
    assert t.fighters()[1]["name"] == "Wen" and t.fighters()[1]["hand"] == [1, 4]
    result = t.attack("hero", "foe1", 10, 4)
    fields = {c["field"]: (c["from"], c["to"]) for c in result["changes"]}
    assert fields["cards"] == ([1, 4], [1]) and fields["mundane"] == (2, 1)
    assert fields["damage"] == (0, 2)  # 11 against 0 + 2 + 4 = 6: beaten by 5, two damage
    assert "apply" not in result


def test_fill_gives_the_heros_setup() -> None:
    ada = member("Ada", belief=4, belief_to_spend=3)
    answer = json.loads(
        web.call("party.fill", json.dumps({"widget": "huldufolk.melee", "actor": ada}))
    )
    assert answer["result"]["values"]["hero_name"] == "Ada"
    assert answer["result"]["values"]["hero_belief"] == 4
    assert answer["result"]["from"]["hero_belief_to_spend"] == "Ada's Belief to spend"
    entry = next(e for e in web.catalog() if e["name"] == "huldufolk.melee")
    assert entry["fills"] is True


def test_every_choice_is_said_in_the_roller() -> None:
    shown: set[str] = set()
    forms = [
        {"power": "entropy_spend", "target_2": "foe2"},
        {"power": "death"},
        {"power": "death_burn", "keep_card": True},
        {"mode": "power", "aid": "bodyguard"},
        {"mode": "power", "aid": "vengeance"},
        {"mode": "power", "aid": "christi"},
        {"mode": "power", "aid": "christi_burn"},
        {"mode": "power", "aid": "field_medic_spend"},
    ]
    for form in forms:
        result = call({**EXAMPLE, **form, "action": "odds"})["result"]
        shown |= {b["text"] for b in result["view"] if b["type"] == "note"}
    assert set(CHOICES) <= shown


def test_a_power_shows_its_belief_cost_before_it_is_used() -> None:
    sovereign = {"mode": "power", "aid": "vengeance_spend", "hero_belief": 5, "action": "odds"}
    view = call({**EXAMPLE, **sovereign})["result"]["view"]
    assert view[0]["type"] == "step"
    assert view[0]["blocks"][0]["text"].startswith(
        "Strife 2: Swift Vengeance by Bob: no Belief (Rank 5 (Sovereign) uses the Spend of "
        "level 2 and lower powers freely)"
    )
    freeholder = {**sovereign, "aid": "christi", "hero_belief": 1}
    view = call({**EXAMPLE, **freeholder})["result"]["view"]
    assert "cannot purchase a level 5 power" in view[0]["blocks"][0]["text"]


def test_in_persona_christi_burn_through_the_party() -> None:
    ada = member("Ada", damage=4, belief=3, belief_to_spend=2)
    t = Table()
    t.party = {"actor": ada, "target": None}
    t.send("reset")
    t.form.update(mode="power", aid="christi_burn", attacker="hero", keep_vengeance=True)
    preview = t.send("odds")
    assert "Autocracy 5: In Persona Christi by Ada: one Belief burned" in text(preview)
    result = t.send("use")
    assert {c["field"]: (c["from"], c["to"]) for c in result["changes"]} == {
        "damage": (4, 0),
        "belief_to_spend": (2, 1),
    }
    assert "apply" not in result  # a power the reader chose waits for Apply
    assert t.fighters()[0]["out"] is True
    assert "disappears from the fight without a test" in text(result)


def test_place_target_marks_a_foe_and_death_follows_it() -> None:
    t = Table()
    t.send("reset")
    t.form.update(mode="attack", power="death_burn", target="foe2", metres=400)
    result = t.send("place")
    assert "Hexenwolf 2 stands 400 m from Bob: within the Territorial Influence" in text(result)
    assert [f["metres"] for f in t.fighters()] == [0, 0, 400, 0]
    preview = t.send("odds")
    assert "Place target" in text(preview)  # the text's rule, said under the roller
    assert "400 m from the hero" in text(preview)
    assert not re.search(r"\b0 m from the hero", text(preview))  # unmarked: not said
    t.form["power"] = "death"
    options = t.send("odds")["view"][0]["blocks"][0]["options"]
    ten = next(o for o in options if o["label"] == "10")
    assert [line for line in ten["lines"] if "Hexenwolf" in line] == [
        "Hexenwolf 1: hit for sure",
        "Hexenwolf 3: hit for sure",
    ]
    answer = call({**t.form, "metres": -5, "action": "place", "state": t.state})
    assert answer["error"]["field"] == "metres"
    assert "0 to 25000" in answer["error"]["message"]


def test_the_preview_says_why_a_foe_without_belief_cannot_use_death() -> None:
    t = Table()
    t.send("reset")
    t.form.update(mode="attack", power="death", attacker="foe1", target="hero")
    preview = text(t.send("odds"))
    assert "Hexenwolf 1 has no Belief rating: no Influence, no power." in preview
    assert "Choose the targets above" not in preview
    # Pressed, the use answers the same words, on its field.
    answer = call({**t.form, "action": "play", "pick": 5, "state": t.state})
    assert answer["error"]["field"] == "attacker"
    assert answer["error"]["message"] == "Hexenwolf 1 has no Belief rating: no Influence, no power."
