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

// TestCloseAfterChunked: an answer to a request whose body came chunked
// ends its connection; one to a request with a Content-Length, or none,
// does not.
func TestCloseAfterChunked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		te    []string
		close bool
	}{
		{"chunked", []string{"chunked"}, true},
		{"Content-Length", nil, false},
	} {
		h := http.Header{}
		CloseAfterChunked(h, &http.Request{TransferEncoding: tc.te})
		if got := h.Get("Connection") == "close"; got != tc.close {
			t.Errorf("%s: Connection %q, want close: %v", tc.name, h.Get("Connection"), tc.close)
		}
	}
}
