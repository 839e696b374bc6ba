package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"reflect"
	"testing"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// FuzzDecode reads arbitrary bodies into every type the API decodes a body into. decode
// either fills the value or says why with a field (a 400) or a status of its own (415); what
// it accepted reads back the same once written out again.
func FuzzDecode(f *testing.F) {
	types := []func() any{
		func() any { return new(apitypes.ServiceInput) },
		func() any { return new(apitypes.RealInput) },
		func() any { return new(apitypes.RealPatch) },
		func() any { return new(apitypes.LBRequestInput) },
		func() any { return new(apitypes.NFLoadInput) },
	}
	for _, seed := range []string{svcBody, `{}`, `{"address":"10.1.0.2","port":8080,"weight":5}`,
		`{"weight":0,"drain":true,"health_override":"down"}`,
		`{"protocol":"udp","vip":"fd00::1","port":53,"nfs":[{"address":"fd00::2","weight":1}]}`,
		`{"samples":[{"address":"10.1.0.11","cpu_utilization":0.5,"at":"2024-01-01T00:00:00Z"}]}`,
		`{"reals":[{"address":"10.1.0.2","port":"x"}]}`, `{"port":1.5}`, `{"a":1}`, `{} {}`, `[`} {
		for i := range types {
			f.Add(uint8(i), "", []byte(seed))
		}
	}
	f.Add(uint8(0), "text/plain", []byte(`{}`))
	f.Add(uint8(0), "application/merge-patch+json; charset=utf-8", []byte(`{}`))
	f.Fuzz(func(t *testing.T, typ uint8, contentType string, body []byte) {
		mk := types[int(typ)%len(types)]
		v := mk()
		err := decodeBody(contentType, body, v)
		if err != nil {
			var fe *model.FieldError
			var he *httpError
			switch {
			case errors.As(err, &fe):
				if fe.Field == "" || fe.Msg == "" {
					t.Fatalf("%T %q: field error without a field or message: %#v", v, body, fe)
				}
			case errors.As(err, &he):
				if he.status != 415 || he.msg == "" {
					t.Fatalf("%T %q: unexpected %d %q", v, body, he.status, he.msg)
				}
			default:
				t.Fatalf("%T %q: error of type %T: %v", v, body, err, err)
			}
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%T %q: accepted but cannot be written out: %v", v, body, err)
		}
		again := mk()
		if err := decodeBody("", out, again); err != nil {
			t.Fatalf("%T %q: accepted, written out as %s, then refused: %v", v, body, out, err)
		}
		if out2, _ := json.Marshal(again); !bytes.Equal(out, out2) || reflect.TypeOf(again) != reflect.TypeOf(v) {
			t.Fatalf("%T %q: reads back as %s, not %s", v, body, out2, out)
		}
	})
}

func decodeBody(contentType string, body []byte, v any) error {
	r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	return decode(r, v)
}
