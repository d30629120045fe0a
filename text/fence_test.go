package text

import "testing"

func TestOutsideFences(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no fence", "a\nb", "a\nb"},
		{"backticks", "run it:\n```\nmake\n```\ndone", "run it:\ndone"},
		{"tildes, indented", "x\n  ~~~go\ncode\n  ~~~\ny", "x\ny"},
		{"unclosed", "x\n```\ncode", "x"},
	}
	for _, tt := range tests {
		if got := OutsideFences(tt.in); got != tt.want {
			t.Errorf("%s: OutsideFences(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
