<?php
// Prepended to every script of a PHP bench target (auto_prepend_file): keeps the application's own outbound requests
// on loopback. Mutillidae fetches URLs it is given (SSRF, remote file inclusion), asks YouTube for videos and whois
// servers for visitors; the bench must send nothing outside 127.0.0.0/8. The http/https/ftp stream wrappers are
// replaced by one that reaches 127.x.x.x (and localhost) by plain HTTP/1.0 and refuses every other host without a DNS
// look-up; curl and fsockopen are disabled by the server's command line (disable_functions).
final class BulwarkLoopbackOnly
{
    /** @var resource|null */
    public $context;
    private string $body = '';
    private int $pos = 0;

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        $u = parse_url($path);
        $host = strtolower($u['host'] ?? '');
        if (($u['scheme'] ?? '') !== 'http' || !(preg_match('/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/', $host) || $host === 'localhost')) {
            return false;
        }
        $port = $u['port'] ?? 80;
        $s = @stream_socket_client('tcp://' . ($host === 'localhost' ? '127.0.0.1' : $host) . ':' . $port, $errno, $error, 5);
        if (!$s) {
            return false;
        }
        stream_set_timeout($s, 10);
        $target = ($u['path'] ?? '/') . (isset($u['query']) ? '?' . $u['query'] : '');
        fwrite($s, "GET $target HTTP/1.0\r\nHost: $host:$port\r\nUser-Agent: PHP\r\nConnection: close\r\n\r\n");
        $raw = (string) stream_get_contents($s, 2_000_000);
        fclose($s);
        $i = strpos($raw, "\r\n\r\n");
        $this->body = $i === false ? '' : substr($raw, $i + 4);
        return true;
    }

    public function stream_read(int $n): string
    {
        $r = substr($this->body, $this->pos, $n);
        $this->pos += strlen($r);
        return $r;
    }

    public function stream_eof(): bool
    {
        return $this->pos >= strlen($this->body);
    }

    public function stream_stat(): array
    {
        return ['size' => strlen($this->body)];
    }

    public function url_stat(string $path, int $flags): array|false
    {
        return false;
    }

    public function stream_set_option(int $option, int $arg1, ?int $arg2): bool
    {
        return false;
    }
}

foreach (['http', 'https', 'ftp', 'ftps'] as $scheme) {
    if (in_array($scheme, stream_get_wrappers(), true)) {
        stream_wrapper_unregister($scheme);
    }
    stream_wrapper_register($scheme, 'BulwarkLoopbackOnly');
}
