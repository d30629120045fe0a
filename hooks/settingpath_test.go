package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWithEditRetirementsNestedSetting(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string
		said     string
		want     []string
	}{
		{"the edit nests the leaf under its parents",
			"web:\n  image: shop/web\n  deploy:\n    replicas: 2",
			"web:\n  image: shop/web\n  deploy:\n    replicas: 4",
			"scale web to 4",
			[]string{editMark + "web.deploy.replicas 2"}},
		{"the turn's words name the path the edit starts inside",
			"    runs-on: ubuntu-latest\n    timeout: 30",
			"    runs-on: ubuntu-latest\n    timeout: 45",
			"the e2e job times out, set jobs.e2e.timeout to 45",
			[]string{editMark + "jobs.e2e.timeout 30"}},
		{"a bare leaf with no path is too common to retire",
			"    timeout: 30",
			"    timeout: 45",
			"raise the timeout to 45",
			nil},
		{"a code key's value is retired by its path, not for every job",
			"  build:\n    timeout_minutes: 10",
			"  build:\n    timeout_minutes: 25",
			"raise jobs.build.timeout_minutes to 25",
			[]string{editMark + "jobs.build.timeout_minutes 10"}},
		{"a quantity with a unit",
			"queue:\n  resources:\n    memory: 256Mi",
			"queue:\n  resources:\n    memory: 1Gi",
			"",
			[]string{editMark + "queue.resources.memory 256Mi"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := withEditRetirements(nil, []codeEdit{{old: tc.old, new: tc.new}}, tc.said)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("withEditRetirements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNamesSettingPath(t *testing.T) {
	const code = "services.web.deploy.replicas 2"
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"compose.yaml: `services.web.deploy.replicas: 2` and `services.queue.deploy.replicas: 2`.", true},
		{"web runs `web.deploy.replicas: 2`", true},
		{"only `services.queue.deploy.replicas: 2` is set", false},
		{"`services.web.deploy.replicas: 20`", false},
		{"replicas: 2 for every service", false},
	} {
		if got := namesEditedCode(tc.text, code); got != tc.want {
			t.Errorf("namesEditedCode(%q, %q) = %v, want %v", tc.text, code, got, tc.want)
		}
	}
}
