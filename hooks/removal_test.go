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
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withoutRemovals(tc.reply); got != tc.want {
				t.Errorf("withoutRemovals() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
