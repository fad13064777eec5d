# Two commands do all the setup on a fresh machine: `make run` and `make test`.
# Each installs the locked dependencies first when they are missing or stale.

NODE ?= node
DEPS := node_modules/.package-lock.json

.PHONY: run test test-all bench crossings results sweeps stability typecheck types validate clean

$(DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

run: $(DEPS)
	$(NODE) bin/childproof.mjs run --out results/latest.json

# The suite keeps a cache of its own, in the checkout: the tests tell their workers from
# anyone else's by the path of the cache they were built into (test/support/suite.ts).
# `make test` is the inner loop: every file but the *.full.test.ts ones, the fuzzers at a
# smaller size. `make test-all` (CI) runs everything (test/support/tier.ts).
TEST_RUN = CHILDPROOF_CACHE=$(CURDIR)/.cache $(NODE) --import tsx node_modules/uvu/bin.js test

test: $(DEPS)
	@bash test/support/system-tools.sh xmllint
	$(TEST_RUN) '^(?!.*\.full\.test\.ts$$).*\.test\.ts$$' --no-color

test-all: $(DEPS)
	@bash test/support/system-tools.sh xmllint chromium
	CHILDPROOF_TEST_TIER=all $(TEST_RUN) '\.test\.ts$$' --no-color

# Regenerates results/: every built-in probe on every case, filed per probe and version,
# and the findings table from those files. A run that is not as expected still publishes
# what it saw, then fails.
# Both the host runtime and Node 24.19.0, the field note's runtime, are published.
RESULTS_NODE ?= 24.19.0

results: $(DEPS)
	@mkdir -p .cache
	find results -mindepth 1 -maxdepth 1 -type d ! -name sweeps -exec rm -rf {} +
	$(NODE) bin/childproof.mjs run --out .cache/results-host.json; a=$$?; \
	$(NODE) bin/childproof.mjs run --node $(RESULTS_NODE) --out .cache/results-node.json; b=$$?; \
	$(NODE) bin/childproof.mjs publish .cache/results-host.json --dir results && \
	$(NODE) bin/childproof.mjs publish .cache/results-node.json --dir results && \
	$(NODE) bin/childproof.mjs render results/*/*.json --format html --out results/index.html && \
	exit $$(( a | b ))

# Libraries across their releases on the core cases, on the host's Node: facts and
# outcomes per version, full reports only where a fact changed (results/sweeps/).
sweeps: $(DEPS)
	@mkdir -p .cache
	$(NODE) bin/childproof.mjs sweep --probe execa --versions '>=5.0.0' --latest-per minor --case core --out .cache/sweep-execa.json --publish results/sweeps
	$(NODE) bin/childproof.mjs sweep --probe nano-spawn --versions '>=0.1.0' --case core --out .cache/sweep-nano-spawn.json --publish results/sweeps

# The default suite three times while CPU hogs keep every core busy: every fact that
# differs between the runs and is not a known racy divergence, in results/STABILITY.md.
stability: $(DEPS)
	$(NODE) bin/childproof.mjs stability --runs 3 --out results/STABILITY.md

# Prints ratios measured side by side in one run; never a threshold.
bench: $(DEPS)
	$(NODE) --import tsx bench/ratios.ts
	$(NODE) --import tsx bench/runtimes.ts

# How often one trial of `run` crosses from one folder of runners/ into another, per
# program (the runner, the worker, the fixtures, the supervisor), from V8's coverage of
# each process; LIST=1 names every call. CHECKOUT=DIR measures another checkout.
crossings: $(DEPS)
	$(NODE) --import tsx bin/crossings.ts $(if $(CHECKOUT),--root $(CHECKOUT)) $(if $(LIST),--list)

typecheck: $(DEPS)
	npx tsc --noEmit -p .

# The TypeScript types of every schema, generated from it (runners/model/schema-types/);
# test/schema-types.test.ts fails while they are stale or disagree with the code's.
types: $(DEPS)
	$(NODE) --import tsx bin/schema-types.ts

validate: $(DEPS)
	$(NODE) bin/childproof.mjs validate

clean:
	rm -rf node_modules results/latest.json
