#!/bin/sh
# The web image's start: nginx is told the container's DNS server (from /etc/resolv.conf, as the
# official nginx image's local-resolvers step does), then runs in the foreground as PID 1.
set -eu
resolvers=$(awk '/^nameserver/ { if ($2 ~ /:/) printf "[%s] ", $2; else printf "%s ", $2 }' /etc/resolv.conf)
if [ -n "$resolvers" ]; then
  echo "resolver $resolvers valid=10s;" > /run/nginx/resolver.conf
else
  : > /run/nginx/resolver.conf
fi
exec nginx
