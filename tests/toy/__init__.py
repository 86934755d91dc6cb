"""A toy game, the smallest that gets a table page, a calculator, a score pad and a rules guide, laid out as every
game's package is (copy it into companion/games/<slug>/ to start a new game): its pure rules engine, its entry
schemas and forms, its table, its spec, and beside them its templates, pad and guide.

Each player scores points now and then; the first to reach 10 ends the game, and the highest total wins."""
