"""The skills pack: summoning by the skills of MMO summoner classes, the classes being data
(facts/skills/*.json), the rules asp/skills/.  ``oracle.skills.game.GAME`` is its plug-in."""
