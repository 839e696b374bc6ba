package model

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// fieldErrOK fails t unless err is a *FieldError that names a field and says why.
func fieldErrOK(t *testing.T, in []byte, err error) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field == "" || fe.Msg == "" {
		t.Fatalf("%s: error %T %v: want a FieldError naming the field", in, err, err)
	}
}

var serviceSeeds = []string{
	`{"protocol":"tcp","vip":"10.100.0.1","port":80,"reals":[{"address":"10.1.0.11","port":8080,"weight":100}]}`,
	`{"protocol":"udp","vip":"fd00:0::1","port":0,"mode":"dr","scheduler":"sh","forwarders":["fwd-a"],` +
		`"health_check":{"kind":"udp","send_hex":"00ff","expect":"ok","port":53},` +
		`"reals":[{"address":"fd01::11","port":0,"weight":0,"health_override":"down"}]}`,
	`{"protocol":"tcp","vip":"10.100.0.1","port":443,"health_check":{"kind":"http","http_path":"/healthz"},` +
		`"policy":{"kind":"comprehensive","gamma":0.5,"scale":100},` +
		`"reals":[{"address":"10.1.0.11","metrics_url":"http://10.1.0.11:9100/metrics","capacity_mbps":1000}]}`,
	`{"protocol":"tcp","vip":"::ffff:10.0.0.1","port":80,"reals":[{"address":"10.1.0.1"},{"address":"10.1.0.1"}]}`,
	`{"protocol":"sctp"}`, `{}`,
}

// FuzzNormalizeService: NormalizeService either refuses a service naming the field at fault,
// or leaves it normalized: a second pass accepts it and changes nothing, its id is its key,
// and each real's key reads back as its address and port.
func FuzzNormalizeService(f *testing.F) {
	for _, s := range serviceSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var s Service
		if json.Unmarshal(in, &s) != nil {
			return
		}
		if err := NormalizeService(&s); err != nil {
			fieldErrOK(t, in, err)
			return
		}
		again := s.Clone()
		if err := NormalizeService(&again); err != nil {
			t.Fatalf("%s: normalized to %+v, which is then refused: %v", in, s, err)
		}
		if !reflect.DeepEqual(again, s) {
			t.Fatalf("%s: a second pass changes %+v into %+v", in, s, again)
		}
		if s.ID != ServiceID(s.Protocol, s.VIP, s.Port) {
			t.Fatalf("%s: id %q", in, s.ID)
		}
		for i, r := range s.Reals {
			a, p, err := ParseRealKey(r.Key())
			if err != nil || a != r.Address || p != r.Port {
				t.Fatalf("%s: reals[%d] key %q reads back as %q %d %v", in, i, r.Key(), a, p, err)
			}
		}
	})
}

// FuzzNormalizeLBSpec: a load-balancing request is refused naming the field at fault, or
// gives a normalized service (NormalizeService changes nothing in it) with one real per NF,
// and the normalized request gives the same service again.
func FuzzNormalizeLBSpec(f *testing.F) {
	for _, s := range []string{
		`{"protocol":"tcp","vip":"10.100.0.1","port":80,"nfs":[{"address":"10.1.0.11","port":8080,"weight":5}]}`,
		`{"protocol":"udp","vip":"fd00::1","port":53,"mode":"dr","nfs":[{"address":"fd01::11"}],"upstream":"x"}`,
		`{"protocol":"tcp","vip":"10.100.0.1","port":80,"nfs":[]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var spec LBSpec
		if json.Unmarshal(in, &spec) != nil {
			return
		}
		s, err := NormalizeLBSpec(&spec)
		if err != nil {
			fieldErrOK(t, in, err)
			return
		}
		if len(s.Reals) != len(spec.NFs) {
			t.Fatalf("%s: %d NFs, %d reals", in, len(spec.NFs), len(s.Reals))
		}
		again := s.Clone()
		if err := NormalizeService(&again); err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("%s: service %+v not normalized: %+v, %v", in, s, again, err)
		}
		s2, err := NormalizeLBSpec(&spec)
		if err != nil || !reflect.DeepEqual(s2, s) {
			t.Fatalf("%s: the normalized request %+v gives %+v, %v, not %+v", in, spec, s2, err, s)
		}
	})
}

// FuzzParseRealKey: a key ParseRealKey accepts is written back by RealKey in a form that
// parses to the same address and port, and that form is its own canonical key.
func FuzzParseRealKey(f *testing.F) {
	for _, s := range []string{"10.1.0.11:8080", "[fd01::11]:0", "[::ffff:10.0.0.1]:80", "[fe80::1%eth0]:1",
		"10.1.0.11", "[fd01:0:0::11]:65535", ":80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		a, p, err := ParseRealKey(key)
		if err != nil {
			fieldErrOK(t, []byte(key), err)
			return
		}
		k := RealKey(a, p)
		a2, p2, err := ParseRealKey(k)
		if err != nil || a2 != a || p2 != p || RealKey(a2, p2) != k {
			t.Fatalf("%q: %q %d, written %q, reads back %q %d %v", key, a, p, k, a2, p2, err)
		}
	})
}
