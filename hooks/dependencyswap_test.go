package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSwappedDependencies: an edit of a manifest that puts other
// dependencies where some were retires the names it keeps nowhere; a
// version bump, a line deleted with nothing in its place, or a setting
// that is no dependency retires nothing.
func TestSwappedDependencies(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{"sbt artifacts swapped",
			"  \"io.circe\" %% \"circe-core\" % \"0.14.9\",\n  \"io.circe\" %% \"circe-parser\" % \"0.14.9\",",
			"  \"com.github.plokhotnyuk.jsoniter-scala\" %% \"jsoniter-scala-core\" % \"2.30.15\",",
			[]string{"circe-core", "circe-parser"}},
		{"package.json swapped",
			"    \"moment\": \"^2.29.4\",\n    \"react\": \"^18.2.0\",",
			"    \"date-fns\": \"^3.6.0\",\n    \"react\": \"^18.2.0\",",
			[]string{"moment"}},
		{"gradle coordinates swapped",
			"    implementation(\"com.squareup.okhttp3:okhttp:4.12.0\")",
			"    implementation(\"io.ktor:ktor-client-cio:2.3.12\")",
			[]string{"okhttp"}},
		{"Gemfile swapped", "gem 'sidekiq', '~> 7.2'\n", "gem 'good_job', '~> 3.29'\n", []string{"sidekiq"}},
		{"mix deps swapped", "      {:poison, \"~> 5.0\"},", "      {:jason, \"~> 1.4\"},", []string{"poison"}},
		{"toml swapped", "requests = \"^2.31\"\n", "httpx = \"^0.27\"\n", []string{"requests"}},
		{"requirements swapped", "nose==1.3.7\n", "pytest==8.3.2\n", []string{"nose"}},
		{"version bump retires nothing", "    \"moment\": \"^2.29.4\",", "    \"moment\": \"^2.30.1\",", nil},
		{"deleted outright retires nothing", "    \"moment\": \"^2.29.4\",\n    \"react\": \"^18.2.0\",", "    \"react\": \"^18.2.0\",", nil},
		{"package version is no dependency", "version = \"0.1.0\"\n", "edition = \"2021\"\n", nil},
		{"code is no manifest", "  const res = await axios.get(url)", "  const res = await $fetch(url)", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, swappedDependencies(codeEdit{old: tc.old, new: tc.new})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestSwappedDependencyIsRetired: the swapped dependency reaches the
// turn's retirements and hides an older memory naming it, not one naming
// a longer name.
func TestSwappedDependencyIsRetired(t *testing.T) {
	edits := editsOf("t1", "Edit", []byte(`{"file_path":"/w/package.json",
		"old_string":"    \"moment\": \"^2.29.4\",","new_string":"    \"date-fns\": \"^3.6.0\","}`))
	retired := withEditRetirements(nil, edits, "")
	if diff := cmp.Diff([]string{editMark + "moment"}, retired); diff != "" {
		t.Fatalf("retired (-want +got):\n%s", diff)
	}
	for text, want := range map[string]bool{
		"Dates are formatted with moment in the invoice view": true,
		"the moment-timezone plugin pins the zone":            false,
	} {
		if got := namesEditedCode(text, "moment"); got != want {
			t.Errorf("namesEditedCode(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestMovedDependencyIsNotRetired: a MultiEdit that takes a dependency out of
// one section, putting another there, and declares it in another section (a
// package moved to devDependencies) keeps it: only what the turn's edits
// declare nowhere is retired.
func TestMovedDependencyIsNotRetired(t *testing.T) {
	edits := editsOf("t1", "MultiEdit", []byte(`{"file_path":"/w/package.json","edits":[
		{"old_string":"    \"express\": \"^4.19.2\",\n    \"nodemon\": \"^3.1.0\"","new_string":"    \"express\": \"^4.19.2\",\n    \"helmet\": \"^7.1.0\""},
		{"old_string":"    \"jest\": \"^29.7.0\"","new_string":"    \"jest\": \"^29.7.0\",\n    \"nodemon\": \"^3.1.0\""}]}`))
	if retired := withEditRetirements(nil, edits, ""); len(retired) != 0 {
		t.Errorf("retired %q, a dependency the turn declares again", retired)
	}
	swapped := editsOf("t2", "Edit", []byte(`{"file_path":"/w/package.json",
		"old_string":"    \"nodemon\": \"^3.1.0\"","new_string":"    \"tsx\": \"^4.16.0\""}`))
	if diff := cmp.Diff([]string{editMark + "nodemon"}, withEditRetirements(nil, swapped, "")); diff != "" {
		t.Errorf("retired (-want +got):\n%s", diff)
	}
}
