package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestKeepForwarder(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		found          bool
	}{
		{"list naming the forwarder", `[{"forwarder":"a","x":1},{"forwarder":"b","x":2}]`, `[{"forwarder":"b","x":2}]`, true},
		{"list under forwarders", `{"at":5,"forwarders":[{"id":"a"},{"id":"b"}]}`, `{"at":5,"forwarders":[{"id":"b"}]}`, true},
		{"map by forwarder id", `{"a":{"rx":1},"b":{"rx":2}}`, `{"b":{"rx":2}}`, true},
		{"absent", `[{"forwarder":"a"}]`, `[]`, false},
		{"absent from the map", `{"a":{"rx":1}}`, `{"a":{"rx":1}}`, false},
	} {
		v, err := decodeOrdered([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		got, found := keepForwarder(v, "b")
		b, _ := json.Marshal(got)
		if found != tc.found || string(b) != tc.want {
			t.Errorf("%s: %s, %v; want %s, %v", tc.name, b, found, tc.want, tc.found)
		}
	}
}

func TestDecodeOrderedKeepsKeyOrder(t *testing.T) {
	in := `{"z":1,"a":[true,null,"s",{"m":1.5,"b":{}}],"k":"v"}`
	v, err := decodeOrdered([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	if string(b) != in {
		t.Errorf("round trip %s, want %s", b, in)
	}
	for _, bad := range []string{`{"a":`, `[1,2`, `{} {}`, `nope`} {
		if _, err := decodeOrdered([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestRenderTree(t *testing.T) {
	in := `{"version":3,"items":[{"id":"x","tags":["a","b"],"kids":[{"name":"k1","n":1}]},{"id":"y","tags":[],"kids":[]}]}`
	v, _ := decodeOrdered([]byte(in))
	var w bytes.Buffer
	renderTree(&w, "", v)
	want := "VERSION  3\n\nitems:\nID  TAGS\nx   a,b\ny   -\n\nitems[x].kids:\nNAME  N\nk1    1\n\n"
	if w.String() != want {
		t.Errorf("got\n%s\nwant\n%s", w.String(), want)
	}
}

func TestParseNF(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		weight   int
		err      string
	}{
		{"10.1.0.1:80", "10.1.0.1:80", 100, ""},
		{"10.1.0.1:80:7", "10.1.0.1:80", 7, ""},
		{"[fd00::1]:80", "[fd00::1]:80", 100, ""},
		{"[fd00::1]:80:0", "[fd00::1]:80", 0, ""},
		{"[::ffff:10.1.0.1]:80", "10.1.0.1:80", 100, ""},
		{"fd00::1:80", "", 0, "--nf"},
		{"10.1.0.1", "", 0, "--nf"},
		{"10.1.0.1:80:-1", "", 0, "weight"},
		{"host:80", "", 0, "--nf"},
	} {
		ap, w, err := parseNF(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || ap.String() != tc.want || w != tc.weight {
			t.Errorf("%q: %v %d %v; want %s %d", tc.in, ap, w, err, tc.want, tc.weight)
		}
	}
}
