package model

// Tunnel mode (docs/mode-tunnel.md): the forwarder sends each packet to its NF inside an outer
// IP header (ipip) or an outer IP and UDP header (gue), and the NF answers the client directly.
const (
	ModeTunnel = "tunnel"
	EncapIPIP  = "ipip"
	EncapGUE   = "gue"
)

var encaps = []string{EncapIPIP, EncapGUE}

// normalizeEncap checks a service's encapsulation against its mode (already valid): tunnel
// needs one, any other mode refuses one.
func normalizeEncap(s *Service) error {
	if s.Mode != ModeTunnel {
		if s.Encap != "" {
			return fieldErr("encap", "%q: only with mode tunnel (mode is %s)", s.Encap, s.Mode)
		}
		return nil
	}
	if s.Encap == "" {
		return fieldErr("encap", "mode tunnel needs one: want one of %s", quoteList(encaps))
	}
	return checkEnum("encap", s.Encap, encaps)
}
