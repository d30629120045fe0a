package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMetadataNumbers: a metadata number a float64 holds exactly passes
// and becomes that float64; one it would change (past 2^53, more digits
// than it keeps) or cannot hold (past its range) is refused naming its
// path, where a client's order id used to be stored as another number.
func TestMetadataNumbers(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		want float64
		err  string // "" passes, else in the message
	}{
		{"1", 1, ""},
		{"-0", 0, ""},
		{"0.1", 0.1, ""},
		{"1.50", 1.5, ""},
		{"2.5e3", 2500, ""},
		{"9007199254740992", 9007199254740992, ""},
		{"1e-320", 1e-320, ""},
		{"0e-99999999", 0, ""},
		{"9007199254740993", 0, "would be stored as 9007199254740992"},
		{"12345678901234567890", 0, "more precision"},
		{"0.10000000000000000001", 0, "more precision"},
		{"1e-99999999", 0, "more precision"},
		{"1e400", 0, "outside the range"},
		{"-1e400", 0, "outside the range"},
		{"1." + strings.Repeat("0", 500), 0, "more precision"},
	} {
		t.Run(tc.lit[:min(len(tc.lit), 24)], func(t *testing.T) {
			meta := map[string]any{"n": map[string]any{"l": []any{"x", json.Number(tc.lit)}}}
			err := ValidateShared(nil, meta, "", "")
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.err == "":
				if got := meta["n"].(map[string]any)["l"].([]any)[1]; got != tc.want {
					t.Errorf("stored %v (%T), want float64 %v", got, got, tc.want)
				}
			case ErrorCode(err) != EInvalid || !strings.HasPrefix(ErrorMessage(err), "metadata.n.l[1]: number") || !strings.Contains(ErrorMessage(err), tc.err):
				t.Errorf("got %v, want invalid_request at metadata.n.l[1] with %q", err, tc.err)
			}
		})
	}
}
