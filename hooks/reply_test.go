package hooks

import (
	"strings"
	"testing"
)

func TestReplyGist(t *testing.T) {
	long := strings.Repeat("The form now validates the email field before it submits. ", 12)
	for _, tc := range []struct {
		name, reply, want string
	}{
		{"short reply kept", "Moved the cart to Jotai.\n\n- cart.ts is gone\n\nTests pass.",
			"Moved the cart to Jotai.\n\n- cart.ts is gone\n\nTests pass."},
		{"long reply: first and last paragraph", "Moved the cart state to Jotai atoms.\n\n- " + long + "\n- the old Zustand store is deleted\n\nTypecheck and tests pass.",
			"Moved the cart state to Jotai atoms.\n\nTypecheck and tests pass."},
		{"long reply of two paragraphs kept", "Moved the cart state to Jotai atoms.\n\n" + long,
			"Moved the cart state to Jotai atoms.\n\n" + long},
		{"blank lines in a fence end no paragraph", "Here is the new store:\n\n```ts\nconst a = atom(0)\n\n" + long + "\n```",
			"Here is the new store:\n\n```ts\nconst a = atom(0)\n\n" + long + "\n```"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := replyGist(tc.reply); got != tc.want {
				t.Errorf("replyGist() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
