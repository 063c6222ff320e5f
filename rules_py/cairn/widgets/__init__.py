"""The rollers of this game: presentation only. Every rule they show is in
the engine modules one level up."""
