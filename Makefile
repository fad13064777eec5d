# Two commands do all the setup on a fresh machine: `make run` and `make test`.
# Each installs the locked dependencies first when they are missing or stale.

NODE ?= node
DEPS := node_modules/.package-lock.json

.PHONY: run test test-all test-weights bench crossings results results-rejudged sweeps stability typecheck types validate clean

$(DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

run: $(DEPS)
	$(NODE) bin/childproof.mjs run --out results/latest.json

# The suite keeps a cache of its own, in the checkout: the tests tell their workers from
# anyone else's by the path of the cache they were built into (test/support/suite.ts).
# `make test` is the inner loop: every file but the *.full.test.ts ones, the fuzzers at a
# smaller size. `make test-all` (CI) typechecks (unused code included: tsconfig.json's
# noUnusedLocals), then runs everything (test/support/tier.ts). Both deal the files to one
# uvu process per core by their weights (test/run.ts); one file alone runs as
# `CHILDPROOF_CACHE=$PWD/.cache node --import tsx node_modules/uvu/bin.js test '^judge/facts\.unit\.test\.ts$'`
# (test/FOLDER/NAME.TIER.test.ts: the folder of runners/ it tests, its tier unit, process or full).
TEST_RUN = CHILDPROOF_CACHE=$(CURDIR)/.cache $(NODE) --import tsx test/run.ts

test: $(DEPS)
	@bash test/support/system-tools.sh xmllint
	$(TEST_RUN)

test-all: $(DEPS)
	@bash test/support/system-tools.sh xmllint chromium
	npx tsc --noEmit -p .
	CHILDPROOF_TEST_TIER=all $(TEST_RUN)

# Each test file alone, its weight (the mean of its CPU and wall seconds) recorded in
# test/weights.json for the tier, by which test/run.ts deals the files to its processes:
# after a file is added or grows.
test-weights: $(DEPS)
	$(TEST_RUN) --weigh
	CHILDPROOF_TEST_TIER=all $(TEST_RUN) --weigh

# Regenerates results/: every built-in probe on every case, filed per probe, version and
# runtime, and the findings table from those files (opening with what changed since the
# last publication: `publish --begin` records its verdicts first), then results/STABILITY.md, which tells
# a race from a difference on every one of those runtimes. A run that is not as expected
# still publishes what it saw, then fails. A report that says what the one published before
# it said (the same outcomes and facts: publish --previous) keeps the published bytes, so a
# republication that changes nothing adds no report to the history. The host's Node (20), Node 22, Node 24.19.0 (the
# field note's runtime) and the newest Bun and Deno, each pinned to a release in
# runners/engine/pinned-runtimes.txt, where a run without --runtime finds them too. The
# host's run asks for the host (--runtime node), so a probe that needs a newer Node is filed
# under Node 20 as not covered there, rather than taken to Node 24 as a run without it would.
RESULTS_RUNTIMES ?= $(shell cat runners/engine/pinned-runtimes.txt)

results: $(DEPS)
	@mkdir -p .cache
	$(NODE) bin/childproof.mjs publish --begin --dir results
	rm -rf .cache/previous-results && mkdir -p .cache/previous-results
	find results -mindepth 1 -maxdepth 1 -type d ! -name sweeps -exec mv {} .cache/previous-results/ \;
	@# The reports moved aside read their parts from the publication's one store, which stays for the sweeps.
	test ! -f results/parts.jsonl || cp results/parts.jsonl .cache/previous-results/
	@status=0; \
	$(NODE) bin/childproof.mjs run --runtime node --out .cache/results-host.json; status=$$((status | $$?)); \
	for r in $(RESULTS_RUNTIMES); do \
	  $(NODE) bin/childproof.mjs run --runtime $$r --out .cache/results-$$r.json; status=$$((status | $$?)); \
	done; \
	$(NODE) bin/childproof.mjs publish .cache/results-host.json --dir results --previous .cache/previous-results || exit 2; \
	for r in $(RESULTS_RUNTIMES); do $(NODE) bin/childproof.mjs publish .cache/results-$$r.json --dir results --previous .cache/previous-results || exit 2; done; \
	$(NODE) bin/childproof.mjs render results/*/*.json --format site --out results || exit 2; \
	$(MAKE) --no-print-directory stability || status=$$((status | $$?)); \
	exit $$status

# Publishes results/ again from the observations its reports hold, with the cases and the
# probes as they are now: every trial judged again (`judge`, which starts no process), each
# report published over itself, results/changes.json saying what that changed, the site
# rendered, each sweep's table of where each clause holds judged again from its facts
# (bin/rejudge-sweeps.ts), and the sweeps' reports stored as this version stores them
# (bin/restore-reports.ts); WHY="..." says why. BEGIN=no keeps the publication begun
# before, and its list of changes, for a change that moves no verdict, in changes.json and on the pages. A trial whose setup
# changed cannot be judged again: it stops with the command that runs it anew.
results-rejudged: $(DEPS)
	@mkdir -p .cache/rejudged
	$(if $(filter no,$(BEGIN)),,$(NODE) bin/childproof.mjs publish --begin --dir results $(if $(WHY),--why "$(WHY)"))
	@for f in $$(ls results/*/*.json | grep -v '/changes.json$$'); do \
	  out=.cache/rejudged/$$(echo $$f | tr / _); \
	  $(NODE) bin/childproof.mjs judge $$f --out $$out > /dev/null; status=$$?; \
	  if [ $$status -gt 1 ]; then echo "$$f: judge exited $$status" >&2; exit $$status; fi; \
	  $(NODE) bin/childproof.mjs publish $$out --dir results > /dev/null || exit 2; \
	done
	$(NODE) bin/childproof.mjs render results/*/*.json --format site --out results
	$(NODE) --import tsx bin/rejudge-sweeps.ts results/sweeps
	$(NODE) --import tsx bin/restore-reports.ts results/sweeps

# Libraries across their releases on the core cases, on a Node every release runs on
# (execa 10 needs Node 22), mcp-searxng across every release on the server cases, and
# Node's own child_process across Bun's 1.x and Deno's 2.x minors: facts and outcomes per
# version or release, full reports only where a fact changed (results/sweeps/).
sweeps: $(DEPS)
	@mkdir -p .cache
	$(NODE) bin/childproof.mjs sweep --probe execa --versions '>=5.0.0' --latest-per minor --case core --runtime node@22.23.5 --out .cache/sweep-execa.json --publish results/sweeps
	$(NODE) bin/childproof.mjs sweep --probe nano-spawn --versions '>=0.1.0' --case core --out .cache/sweep-nano-spawn.json --publish results/sweeps
	$(NODE) bin/childproof.mjs sweep --probe mcp-searxng --versions '>=0.3.0' --case 'server/*' --runtime node@22.23.5 --out .cache/sweep-mcp-searxng.json --publish results/sweeps
	for p in node-spawn node-execfile; do \
	  $(NODE) bin/childproof.mjs sweep --runtime bun --versions '>=1.0.0 <2' --latest-per minor --probe $$p --case core --out .cache/sweep-$$p-bun --publish results/sweeps || exit $$?; \
	  $(NODE) bin/childproof.mjs sweep --runtime deno --versions '>=2.0.0 <3' --latest-per minor --probe $$p --case core --out .cache/sweep-$$p-deno --publish results/sweeps || exit $$?; \
	done

# The default suite three times on each runtime results/ is made on, while CPU hogs keep
# every core busy: every fact that differs between the runs and is not marked racy, and
# every fact that differs between releases of one runtime, read as a race (its runs of
# one release disagreed too) or a difference (they agreed), in results/STABILITY.md.
stability: $(DEPS)
	$(NODE) bin/childproof.mjs stability --runs 3 --runtime node $(foreach r,$(RESULTS_RUNTIMES),--runtime $(r)) --out results/STABILITY.md

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
# test/model/schema-types.unit.test.ts fails while they are stale or disagree with the code's.
types: $(DEPS)
	$(NODE) --import tsx bin/schema-types.ts

validate: $(DEPS)
	$(NODE) bin/childproof.mjs validate

clean:
	rm -rf node_modules results/latest.json
