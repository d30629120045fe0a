package extract

import "testing"

func TestMovedByThem(t *testing.T) {
	cases := []struct{ name, said, want string }{
		{"pushed to a month", "they pushed the recital to October", "the recital got pushed to October"},
		{"postponed until", "they've postponed our reunion until next spring", "our reunion got postponed until next spring"},
		{"moved a thing to a place", "they moved the sofa to the basement", "they moved the sofa to the basement"},
		{"someone named", "Tom pushed the recital to October", "Tom pushed the recital to October"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := movedByThem(tc.said); got != tc.want {
				t.Errorf("movedByThem(%q) = %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
