package engine

import (
	"errors"
	"fmt"
	"testing"
)

// TestInternalKeepsUnavailable: a failure whose cause is unavailable (a
// hosted store that is down) stays a retryable unavailable with the
// cause's message; any other cause is internal and hidden.
func TestInternalKeepsUnavailable(t *testing.T) {
	down := &Error{Code: EUnavailable, Message: "the database is unreachable, retry", Err: errors.New("dial tcp: refused")}
	for _, tt := range []struct {
		cause         error
		code, message string
	}{
		{down, EUnavailable, "the database is unreachable, retry"},
		{fmt.Errorf("read shard: %w", down), EUnavailable, "the database is unreachable, retry"},
		{errors.New("disk on fire"), EInternal, "internal error"},
		{Invalid("text", "empty"), EInternal, "internal error"},
	} {
		err := Internal("load index", tt.cause)
		if ErrorCode(err) != tt.code || ErrorMessage(err) != tt.message || !errors.Is(err, tt.cause) {
			t.Errorf("Internal(%v) = %v (code %s, message %q), want code %s, message %q, wrapping the cause",
				tt.cause, err, ErrorCode(err), ErrorMessage(err), tt.code, tt.message)
		}
	}
}
