package model

import "testing"

func TestNormalizeEncap(t *testing.T) {
	base := func(mode, encap string, reals ...Real) Service {
		return Service{Protocol: "udp", VIP: "10.0.0.1", Port: 53, Mode: mode, Encap: encap, Reals: reals}
	}
	for _, tc := range []struct {
		name      string
		s         Service
		wantField string
	}{
		{"ipip", base(ModeTunnel, EncapIPIP, Real{Address: "10.1.0.1"}), ""},
		{"gue", base(ModeTunnel, EncapGUE, Real{Address: "10.1.0.1", Port: 53}), ""},
		// A tunnel carries an IPv4 packet to an IPv6 NF; nat cannot.
		{"mixed family", base(ModeTunnel, EncapIPIP, Real{Address: "fd00::1"}), ""},
		{"mixed family nat", base("nat", "", Real{Address: "fd00::1"}), "reals[0].address"},
		{"no encap", base(ModeTunnel, ""), "encap"},
		{"unknown encap", base(ModeTunnel, "gre"), "encap"},
		{"encap with nat", base("nat", EncapGUE), "encap"},
		{"encap with dr", base("dr", EncapIPIP), "encap"},
		{"port rewrite", base(ModeTunnel, EncapGUE, Real{Address: "10.1.0.1", Port: 5353}), "reals[0].port"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := NormalizeService(&tc.s)
			field := ""
			if fe, ok := err.(*FieldError); ok {
				field = fe.Field
			} else if err != nil {
				t.Fatalf("not a field error: %v", err)
			}
			if field != tc.wantField {
				t.Fatalf("field %q, want %q (%v)", field, tc.wantField, err)
			}
		})
	}
}
