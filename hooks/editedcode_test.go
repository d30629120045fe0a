package hooks

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReplacedCode reads what an edit replaced: a setting given another
// value, an annotation another took the place of. A value kept, a line
// deleted outright, a plain word with a number, an annotation kept or
// merely given arguments retire nothing.
func TestReplacedCode(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"cmake standard raised", "set(CMAKE_CXX_STANDARD 17)", "set(CMAKE_CXX_STANDARD 20)", []string{"CMAKE_CXX_STANDARD 17"}},
		{"gradle setting raised", "        minSdkVersion 21\n        targetSdkVersion 33", "        minSdkVersion 24\n        targetSdkVersion 33",
			[]string{"minSdkVersion 21"}},
		{"call argument", "kotlin { jvmToolchain(17) }", "kotlin { jvmToolchain(21) }", []string{"jvmToolchain 17"}},
		{"assignment", "MAX_WORKERS = 4", "MAX_WORKERS = 8", []string{"MAX_WORKERS 4"}},
		{"same value kept", "max_retries=3, retry_backoff=True", "max_retries=3", nil},
		{"setting deleted", "    compileSdkVersion 33\n    namespace 'x'", "    namespace 'x'", nil},
		{"plain word", "timeout = 30", "timeout = 60", nil},
		{"duration's unit changed", "payments_timeout: 30s\ndatabase:", "payments_timeout: 2m\ndatabase:",
			[]string{"payments_timeout 30s"}},
		{"duration in milliseconds", "read_timeout_ms = 500ms", "read_timeout_ms = 1500ms", []string{"read_timeout_ms 500ms"}},
		{"same duration kept", "idle_timeout: 30s", "idle_timeout: 30s # was 20s", nil},
		{"code key given another word", "debian_release: bullseye\n", "debian_release: bookworm\n",
			[]string{"debian_release bullseye"}},
		{"plain key given another word", "format: text", "format: json", nil},
		{"exported path replaced", "export CC_wasm32=/opt/homebrew/opt/llvm/bin/clang\n", "export CC_wasm32=clang-17\n",
			[]string{"CC_wasm32 /opt/homebrew/opt/llvm/bin/clang"}},
		{"long path cut to fit a tag", "export CC_wasm32_unknown_unknown=/opt/homebrew/opt/llvm/bin/clang\n",
			"export CC_wasm32_unknown_unknown=clang-17\n", []string{"CC_wasm32_unknown_unknown /opt/homebrew/opt/llvm/bin"}},
		{"path kept in the edit", "JAVA_HOME=/usr/lib/jvm/java-17\n", "JAVA_HOME=/usr/lib/jvm/java-21 # was /usr/lib/jvm/java-17\n", nil},
		{"path setting deleted", "export CC_wasm32=/opt/homebrew/bin/clang\nexport AR=llvm-ar\n", "export AR=llvm-ar\n", nil},
		{"word kept in the edit", "log_format: text", "log_format: json # text for local runs", nil},
		{"decorator swapped", "@shared_task(autoretry_for=(IOError,))\ndef send(x):", "@task()\ndef send(x, attempt=1):",
			[]string{"@shared_task"}},
		{"annotation swapped for two", "    @Retryable(maxAttempts = 3)\n    fun charge() {", "    @Retry(name = \"p\")\n    @CircuitBreaker(name = \"p\")\n    fun charge() {",
			[]string{"@Retryable"}},
		{"annotation given arguments", "@shared_task\ndef send(x):", "@shared_task(bind=True)\ndef send(self, x):", nil},
		{"annotation deleted", "@pytest.mark.slow\ndef test_x():", "def test_x():", nil},
		{"another test in a test's place", "    @Test\n    void parsesEmpty() {",
			"    @ParameterizedTest\n    @ValueSource(strings = {\"\", \" \"})\n    void parsesBlank(String s) {", nil},
		{"another route in a route's place", "    @GetMapping(\"/orders/{id}\")\n    public Order get(",
			"    @PostMapping(\"/orders/{id}/cancel\")\n    public Order cancel(", nil},
		{"another field in a field's place", "  @Input() label: string;", "  @Output() changed = new EventEmitter<string>();", nil},
		{"annotation made a kind of itself", "    @Test\n    void parses() {", "    @RepeatedTest(3)\n    void parses() {", nil},
		{"snake annotation made a kind of itself", "    @property\n    def name(self):", "    @cached_property\n    def name(self):", nil},
		{"annotation line swapped alone", "@shared_task(autoretry_for=(IOError,))", "@task()", []string{"@shared_task"}},
		{"annotation swapped inline", "  @Inject() repo: Repo;", "  @Autowired repo: Repo;", []string{"@Inject"}},
		{"setting line swapped", `    dynamodb_table = "app-tf-locks"`, "    use_lockfile   = true", []string{"app-tf-locks"}},
		{"yaml setting swapped", "runs-on: ubuntu-22.04", "container: node:20-bookworm", []string{"ubuntu-22.04"}},
		{"key renamed, value kept", `timeout_name = "read-timeout"`, `read_timeout = "read-timeout"`, nil},
		{"swapped value no name", "enabled = true", "mode = strict", nil},
		{"several lines", "a = \"x-y-z-1\"\nb = 2", "c = 3", nil},
		{"backend moved", "bucket         = \"app-state-use1\"\nregion         = \"us-east-1\"\ndynamodb_table = \"app-locks\"",
			"bucket       = \"app-state-euw1\"\nregion       = \"eu-west-1\"\nuse_lockfile = true", []string{"app-state-use1", "us-east-1"}},
		{"yaml image raised", "    image: nginx:1.25-alpine\n    replicas: 2", "    image: nginx:1.27-alpine\n    replicas: 2", []string{"nginx:1.25-alpine"}},
		{"same key, value kept elsewhere", "primary: eu-west-1\nreplica: us-east-1", "primary: us-east-1\nreplica: eu-west-1", nil},
		{"same key, plain word", "mode: strict\nlevel: info", "mode: relaxed\nlevel: info", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, replacedCode(codeEdit{old: tt.old, new: tt.new})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestNamesEditedCode: a memory quotes replaced code when it writes the
// annotation as a name of its own, or the key with the old value in any of
// the ways code and prose write it; another value or a longer name is not
// it.
func TestNamesEditedCode(t *testing.T) {
	tests := []struct {
		text, code string
		want       bool
	}{
		{"C++17 (CMAKE_CXX_STANDARD 17 in CMakeLists.txt)", "CMAKE_CXX_STANDARD 17", true},
		{"CMakeLists.txt sets `CMAKE_CXX_STANDARD 20`", "CMAKE_CXX_STANDARD 17", false},
		{"Android minSdkVersion 21 in app/build.gradle", "minSdkVersion 21", true},
		{"the app needs minSdkVersion: 21.", "minSdkVersion 21", true},
		{"minSdkVersion 210 is no version", "minSdkVersion 21", false},
		{"minSdkVersion 21.1", "minSdkVersion 21", false},
		{"build.gradle.kts uses `jvmToolchain(17)`", "jvmToolchain 17", true},
		{"`send` is annotated `@shared_task(autoretry_for=…)`", "@shared_task", true},
		{"the task is a Celery @shared_task.", "@shared_task", true},
		{"consumers use @RetryableTopic", "@Retryable", false},
		{"a plain sentence", "@Retryable", false},
		{"state locking goes through the table app-tf-locks, right?", "app-tf-locks", true},
		{"the table app-tf-locks-v2", "app-tf-locks", false},
		{"Min sdk is 24 for now", "minSdk 24", true},
		{"the max_conns setting: max conns is 40", "max_conns 40", true},
		{"min sdk goes up to 26", "minSdk 24", false},
		{"the min of the sdk is 24", "minSdk 24", false},
		{"timeout is 30 seconds", "timeout 30", true},
		{"needs CC_wasm=/opt/homebrew/opt/llvm/bin/clang.", "CC_wasm /opt/homebrew/opt/llvm", true},
		{"needs CC_wasm=/opt/homebrew/opt/llvmx", "CC_wasm /opt/homebrew/opt/llvm", false},
	}
	for _, tt := range tests {
		if got := namesEditedCode(tt.text, tt.code); got != tt.want {
			t.Errorf("namesEditedCode(%q, %q) = %v, want %v", tt.text, tt.code, got, tt.want)
		}
	}
}

// TestEditRetirementsHideOlderQuotes follows an edit from the tool call to
// recall: the turn's Edit and MultiEdit inputs are read, what they replaced
// becomes retired names, and a memory stated before that quotes the old
// code is left out while one stated after, or naming the new value, stays.
func TestEditRetirementsHideOlderQuotes(t *testing.T) {
	var edits []codeEdit
	edits = append(edits, editsOf("t1", "Edit", json.RawMessage(`{"file_path":"CMakeLists.txt",
		"old_string":"set(CMAKE_CXX_STANDARD 17)","new_string":"set(CMAKE_CXX_STANDARD 20)"}`))...)
	edits = append(edits, editsOf("t2", "MultiEdit", json.RawMessage(`{"file_path":"src/pay.kt","edits":[
		{"old_string":"  @Retryable(maxAttempts = 3)\n  fun charge()","new_string":"  @Retry(name = \"pay\")\n  fun charge()"}]}`))...)
	edits = append(edits, editsOf("t3", "Bash", json.RawMessage(`{"command":"sed -i s/a/b/ x"}`))...)
	retired := withEditRetirements([]string{"celery"}, edits, "")
	if diff := cmp.Diff([]string{"celery", "%CMAKE_CXX_STANDARD 17", "%@Retryable"}, retired); diff != "" {
		t.Fatalf("retired (-want +got):\n%s", diff)
	}
	change := memory{ID: "change", Text: "The standard is C++20 now", ValidFrom: "2026-04-01T10:00:00Z", Tags: retiredTags(retired)}
	ms := []memory{
		{ID: "summary", Text: "C++17 (CMAKE_CXX_STANDARD 17 in CMakeLists.txt)", ValidFrom: "2026-03-01T10:00:00Z"},
		{ID: "reply", Text: "`charge` is annotated `@Retryable(maxAttempts = 3)`", ValidFrom: "2026-03-01T10:00:00Z"},
		{ID: "other", Text: "Tests run with ctest --preset dev", ValidFrom: "2026-03-01T10:00:00Z"},
		change,
		{ID: "later", Text: "Kept CMAKE_CXX_STANDARD 17 for the legacy target", ValidFrom: "2026-05-01T10:00:00Z"},
	}
	var ids []string
	for _, m := range withoutRetired(ms, retirementsOf(ms)) {
		ids = append(ids, m.ID)
	}
	if diff := cmp.Diff([]string{"other", "change", "later"}, ids); diff != "" {
		t.Errorf("kept (-want +got):\n%s", diff)
	}
}

// TestRefusedEditRetiresNothing: an edit the user rejected, or one that
// failed (its old text not in the file), changed nothing, so the code it
// would have replaced is not retired; the turn's edit that went through
// is.
func TestRefusedEditRetiresNothing(t *testing.T) {
	jsonl := strings.Join([]string{
		`{"type":"user","uuid":"u1","timestamp":"2026-03-02T09:00:00Z","message":{"role":"user","content":"raise the C++ standard and the android min sdk"}}`,
		`{"type":"assistant","uuid":"a1","message":{"content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":"/w/CMakeLists.txt","old_string":"set(CMAKE_CXX_STANDARD 17)","new_string":"set(CMAKE_CXX_STANDARD 20)"}}]}}`,
		`{"type":"user","uuid":"r1","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nkeep 17, the vendored compiler is too old"}]}}`,
		`{"type":"assistant","uuid":"a2","message":{"content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"/w/app/build.gradle","old_string":"minSdkVersion 19","new_string":"minSdkVersion 23"}}]}}`,
		`{"type":"user","uuid":"r2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","is_error":true,"content":"<tool_use_error>String to replace not found in file.</tool_use_error>"}]}}`,
		`{"type":"assistant","uuid":"a3","message":{"content":[{"type":"tool_use","id":"t3","name":"Edit","input":{"file_path":"/w/app/build.gradle","old_string":"minSdkVersion 21","new_string":"minSdkVersion 23"}}]}}`,
		`{"type":"user","uuid":"r3","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t3","content":"The file /w/app/build.gradle has been updated."}]}}`,
		`{"type":"assistant","uuid":"a4","timestamp":"2026-03-02T09:01:09Z","message":{"content":[{"type":"text","text":"Kept C++17 as you asked; minSdkVersion is 23 now."}]}}`,
	}, "\n")
	ex, err := lastExchange(context.Background(), strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"%minSdkVersion 21"}, withEditRetirements(nil, ex.Edits, "")); diff != "" {
		t.Errorf("retired (-want +got):\n%s", diff)
	}
}
