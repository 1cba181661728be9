<?php
// The PHP client's check: every case of the shared list (clients/cases.py) through the
// generated client (openapi-generator `php`, Guzzle) and the generated dispatch
// (clients/dispatch.py). Each request body is read into the generated request model
// (ObjectSerializer::deserialize), sent, and the parsed answer, or the refusal's body read
// into the generated Problem, written back out (ObjectSerializer::sanitizeForSerialization).
//
//   php check.php URL CASES RESULTS
require_once '/usr/share/php/GuzzleHttp/autoload.php';
require_once '/usr/share/php/GuzzleHttp/Psr7/autoload.php';
require_once '/usr/share/php/GuzzleHttp/Promise/autoload.php';
spl_autoload_register(function ($class) {
    $prefix = 'Belote\\Client\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        $file = getenv('BELOTE_PHP_CLIENT') . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
require __DIR__ . '/dispatch.php';

use Belote\Client\ApiException;
use Belote\Client\Configuration;
use Belote\Client\ObjectSerializer;

function written($answer)
{
    if (is_string($answer)) {
        return $answer;
    }
    return json_decode(json_encode(ObjectSerializer::sanitizeForSerialization($answer)), true);
}

$config = (new Configuration())->setHost($argv[1]);
$results = [];
foreach (json_decode(file_get_contents($argv[2]), true) as $case) {
    $result = ['id' => $case['id']];
    $body = $case['body'] === null ? null : json_encode($case['body']);
    try {
        $answer = dispatch($config, $case['operation'], $body, $case['params']);
        $result['status'] = 200;
        $result['answer'] = written($answer);
    } catch (ApiException $e) {
        $result['status'] = $e->getCode();
        $problem = ObjectSerializer::deserialize(json_decode((string) $e->getResponseBody()), '\Belote\Client\Model\Problem');
        $result['answer'] = written($problem);
    } catch (Throwable $e) {
        $result['error'] = get_class($e) . ': ' . $e->getMessage() . "\n" . $e->getTraceAsString();
    }
    $results[] = $result;
}
file_put_contents($argv[3], json_encode($results));
