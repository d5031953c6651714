"""The variant contract and what generic code builds on it: the `Variant` every variant keeps, the registry the
variants register with (below them), deciding a command, parsing actions, listing the legal ones, actions in words,
the rule catalogue and rule state as documents. Each variant's own rules live in its package (domain/roby,
domain/robins, domain/royal) and nowhere else."""
