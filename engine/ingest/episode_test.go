package ingest

import "testing"

func TestSameEpisode(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Alice: I live in Berlin.", "Alice: i live in berlin!", true},
		{"Alice: I live in Berlin.", "Bob: I live in Berlin.", false},
		{"Alice: I live in Berlin.", "Alice: I live in Munich.", false},
		{"Alice: we deploy the billing service with helm on fridays", "Alice: We deploy the billing service with Helm on Fridays.", true},
	}
	for _, tt := range tests {
		if got := SameEpisode(tt.a, tt.b); got != tt.same {
			t.Errorf("SameEpisode(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestEchoes(t *testing.T) {
	said := "From now on every Python service uses uv instead of pip, and we pin Python 3.12 in CI."
	tests := []struct {
		reply string
		echo  bool
	}{
		{"Understood, I will use uv for the Python services from now on.", true},
		{"I switched the billing service's Dockerfile to uv and regenerated the lockfile.", false},
		{"Understood, every Python service uses uv from now on, and CI pins Python 3.12.", true},
		{"Understood, every Python service uses uv from now on; ci/python.yml pins Python 3.12.", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Echoes(tt.reply, said); got != tt.echo {
			t.Errorf("Echoes(%q) = %v, want %v", tt.reply, got, tt.echo)
		}
	}
}
