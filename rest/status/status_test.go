package status

import (
	"net/http"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		code string
		want int
		ok   bool
	}{
		{engine.EInvalid, http.StatusBadRequest, true},
		{engine.ENotFound, http.StatusNotFound, true},
		{engine.EConflict, http.StatusConflict, true},
		{engine.EUnsupportedType, http.StatusUnsupportedMediaType, true},
		{engine.EUnavailable, http.StatusServiceUnavailable, true},
		{engine.EInternal, http.StatusInternalServerError, true},
		{"", http.StatusInternalServerError, false},        // not an *engine.Error
		{"made_up", http.StatusInternalServerError, false}, // unknown code
	} {
		got, ok := Of(tc.code)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Of(%q) = %d, %v; want %d, %v", tc.code, got, ok, tc.want, tc.ok)
		}
	}
}
