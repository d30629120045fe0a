package hooks

import "testing"

func TestWithoutRemovals(t *testing.T) {
	for _, tc := range []struct {
		name, reply, want string
	}{
		{"removal sentence dropped",
			"Moved the app to Swift Package Manager. I deleted the Podfile, so there's no `pod install` step anymore. The app builds.",
			"Moved the app to Swift Package Manager. The app builds."},
		{"inline code ends no sentence",
			"Ran `trivy config .` at HIGH and above: one finding. I removed the tflint step from ci.yml.",
			"Ran `trivy config .` at HIGH and above: one finding."},
		{"semicolon clause dropped",
			"ForecastClient now uses URLSession with async/await; the Alamofire import is gone from the file.",
			"ForecastClient now uses URLSession with async/await."},
		{"instead-of tail cut", "The CI job now calls bun install instead of pnpm install.", "The CI job now calls bun install."},
		{"a shortcut not taken is kept", "SwiftLint flagged one long line, which I wrapped rather than disabling the rule.",
			"SwiftLint flagged one long line, which I wrapped rather than disabling the rule."},
		{"list item dropped, its mark with it", "Migrated to uv:\n- poetry.lock is deleted\n- `uv sync` installs 42 packages",
			"Migrated to uv:\n- `uv sync` installs 42 packages"},
		{"the old value named", "Switched the broker. The old default was `redis://redis:6379/0`.", "Switched the broker."},
		{"fenced code kept", "Guarded the task:\n```python\n# removed the old check\nif x: return\n```",
			"Guarded the task:\n```python\n# removed the old check\nif x: return\n```"},
		{"nothing else left: kept as it is", "Removed the debug flag.", "Removed the debug flag."},
		{"leftovers and what goes away",
			"Cleaned up the Heroku leftovers.\nDeploys run on Render. The worker dyno goes away with the next deploy.",
			"Deploys run on Render."},
		{"where-it-used tail cut", "`Checkout` calls `rollbar.Error` where it used `raven.CaptureError`.",
			"`Checkout` calls `rollbar.Error`."},
		{"the old value before now is cut, its subject kept",
			"The `release` target called `gox`; it now runs `goreleaser release`.",
			"The `release` target now runs `goreleaser release`."},
		{"no subject named as code: the clause stays",
			"There was one `throw` left, in `load`; it now returns the error.",
			"There was one `throw` left, in `load`; it now returns the error."},
		{"no old value named as code: the clause stays",
			"stacks/data was sourcing the module from main; it now uses `?ref=v2.3.1`.",
			"stacks/data was sourcing the module from main; it now uses `?ref=v2.3.1`."},
		{"plain reply untouched", "Added the retry helper. Tests pass.", "Added the retry helper. Tests pass."},
		{"a release's removal given as the reason kept",
			"The first build failed because Kingfisher 8 removed `cancelOnDisappear`, so AvatarView drops that call. Tests pass.",
			"The first build failed because Kingfisher 8 removed `cancelOnDisappear`, so AvatarView drops that call. Tests pass."},
		{"a symptom gone is a fix, not a removal",
			"The importer skips empty rows now; a blank file no longer panics (new test `TestImportBlank`).",
			"The importer skips empty rows now; a blank file no longer panics (new test `TestImportBlank`)."},
		{"a release's removal kept", "Package.swift takes Nuke 13. Nuke 13 removed `ImagePipeline.shared.loadData`, so the cache calls `data(for:)`. Tests pass.",
			"Package.swift takes Nuke 13. Nuke 13 removed `ImagePipeline.shared.loadData`, so the cache calls `data(for:)`. Tests pass."},
		{"a bare version's removal kept", "Rails is 8.0.1. 8.0 no longer reads `config.cache_classes`, so test.rb sets `config.enable_reloading`.",
			"Rails is 8.0.1. 8.0 no longer reads `config.cache_classes`, so test.rb sets `config.enable_reloading`."},
		{"a count is no release", "Cleaned up the fixtures. 3 removed fixtures were unused. Tests pass.", "Cleaned up the fixtures. Tests pass."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withoutRemovals(tc.reply); got != tc.want {
				t.Errorf("withoutRemovals() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestWithoutRemovalsKeepsWhatHoldsNow(t *testing.T) {
	for _, tc := range []struct {
		name, reply, want string
	}{
		{"the clause after a colon",
			"`OrderView.post` no longer calls the payment API: it queues `charge_order` and returns 202.",
			"it queues `charge_order` and returns 202."},
		{"the clause before an and with a new subject",
			"The parsers now use `nom` 7 and the hand-written lexer is deleted from `src/lex.rs`.",
			"The parsers now use `nom` 7."},
		{"the clause before an and with a name for subject",
			"The client calls the API with `ky` now and axios is removed from package.json; tests pass.",
			"The client calls the API with `ky` now. tests pass."},
		{"the clause before an and with a backticked name for subject",
			"Logging now goes through `tracing` and `log4rs` was uninstalled.",
			"Logging now goes through `tracing`."},
		{"a removal said only in the instead-of tail",
			"Compose uses the `compose` Gradle plugin instead of `composeOptions`, which is gone from build.gradle.kts. Tests pass.",
			"Compose uses the `compose` Gradle plugin. Tests pass."},
		{"a removal in the head cuts the sentence",
			"Removed the Makefile, so CI calls `just test` instead of `make test`. Tests pass.",
			"Tests pass."},
		{"an and joining what was removed splits nothing",
			"Removed `serde_yaml` and the yaml step from ci.yml.",
			"Removed `serde_yaml` and the yaml step from ci.yml."},
		{"an and joining the subjects of a removal splits nothing",
			"The Bugsnag plugin and its config entry are removed. Tests pass.",
			"Tests pass."},
		{"what leads up to the removal goes with it",
			"Moved to Honeycomb: removed `newrelic` and the agent config. Tests pass.",
			"Tests pass."},
		{"a colon inside code splits nothing",
			"Removed `indent_width` from .lintrc and added .fmt.json (`\"indentation\": { \"tabs\": 1 }`, 120 columns). Lint is clean.",
			"Lint is clean."},
		{"every clause a removal: cut whole",
			"Deleted the old config: the loader no longer reads it. Tests pass.",
			"Tests pass."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withoutRemovals(tc.reply); got != tc.want {
				t.Errorf("withoutRemovals() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
