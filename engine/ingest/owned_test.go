package ingest

import "testing"

// TestSameOwnedThing: a named thing had and the same thing named as what a thing of
// the owner's is are one fact; another owner, another name, or an unnamed thing is not.
func TestSameOwnedThing(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"User has a Kindle Paperwhite", "User's e-reader is a kindle paperwhite", true},
		{"User's car is a Mazda 3", "User has a Mazda 3.", true},
		{"User has a Kindle Paperwhite", "User's e-reader is a Kobo Clara", false},
		{"User's sister has a Mazda 3", "User's car is a Mazda 3", false},
		{"User has a puppy", "User's dog is a puppy", false},
		{"User's dream car is a Porsche 911", "User has a Porsche 911", false},
		{"User has a Pixel 7", "User's favourite phone is a Pixel 7", false},
		{"User's old laptop is a ThinkPad X1", "User has a ThinkPad X1", false},
		{"User's work laptop is a ThinkPad X1", "User has a ThinkPad X1", true},
		{"User's dentist appointment is on 2025-04-12", "User's dermatologist appointment is on 2025-04-12", false},
	}
	for _, tc := range tests {
		if got := sameOwnedThing(tc.a, tc.b); got != tc.want {
			t.Errorf("sameOwnedThing(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
