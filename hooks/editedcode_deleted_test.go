package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRevaluedSettingsDeletion: a setting line deleted from an edit that
// keeps other lines of the same key (one bucket resource taken out beside
// another that stays) was not given another value: a line deleted
// outright retires nothing. A key given another value in as many lines as
// before is still retired.
func TestRevaluedSettingsDeletion(t *testing.T) {
	for _, tt := range []struct {
		name, old, new string
		want           []string
	}{
		{"service deleted", "container_name: legacy-worker\ncontainer_name: report-builder", "container_name: report-builder", nil},
		{"block deleted beside its twin", "bucket = \"logs-archive-use1\"\nbucket = \"app-state-use1\"", "bucket = \"app-state-use1\"", nil},
		{"one of two revalued", "bucket = \"logs-archive-use1\"\nbucket = \"app-state-use1\"",
			"bucket = \"logs-archive-euw1\"\nbucket = \"app-state-use1\"", []string{"logs-archive-use1"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, revaluedSettings(codeEdit{old: tt.old, new: tt.new})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
