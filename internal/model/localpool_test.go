package model

import (
	"strings"
	"testing"
)

func TestLocalPoolValidate(t *testing.T) {
	ok := LocalPool{Addrs: []string{"10.1.0.100", "FD01::0100"}, Ports: "1024-65535"}
	if err := ok.Validate("local_pool"); err != nil {
		t.Fatal(err)
	}
	if ok.Addrs[1] != "fd01::100" {
		t.Errorf("canonical address: got %q", ok.Addrs[1])
	}
	if err := (&LocalPool{}).Validate("local_pool"); err != nil {
		t.Errorf("an empty pool is valid: %v", err)
	}
	many := LocalPool{}
	for range MaxLocalPoolAddrs + 1 {
		many.Addrs = append(many.Addrs, "10.1.0.1")
	}
	for _, c := range []struct {
		p    LocalPool
		want string
	}{
		{LocalPool{Addrs: []string{"10.1.0.100", "nope"}}, "local_pool.addrs[1]: "},
		{LocalPool{Addrs: []string{"10.1.0.100", "10.1.0.100"}}, "local_pool.addrs[1]: \"10.1.0.100\" is given twice"},
		{LocalPool{Addrs: []string{"0.0.0.0"}}, "local_pool.addrs[0]: "},
		{many, "local_pool.addrs: 17 addresses"},
		{LocalPool{Ports: "2000-1999"}, "local_pool.ports: "},
		{LocalPool{Ports: "0-10"}, "local_pool.ports: "},
		{LocalPool{Ports: "1024-65536"}, "local_pool.ports: "},
		{LocalPool{Ports: "1024"}, "local_pool.ports: "},
	} {
		err := c.p.Validate("local_pool")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q...", c.p, err, c.want)
		}
	}
	if lo, hi, err := ParsePortRange("40000-40015"); err != nil || lo != 40000 || hi != 40015 {
		t.Errorf("ParsePortRange: %d %d %v", lo, hi, err)
	}
}
