// Calls every operation of the Belote rules service through the Java client that
// openapi-generator (java, native library) generates from openapi.yaml, and checks the answers.
// Expected values are worked by hand from docs/rules.md, as in clients/typescript/src/check.ts.
// tests/test_generated_clients.py generates the client, compiles this file with it and runs:
//
//   java -cp CLASSPATH Check http://127.0.0.1:8000
import belote.client.ApiClient;
import belote.client.ApiException;
import belote.client.api.*;
import belote.client.model.*;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.*;
import java.util.concurrent.Callable;

public final class Check {
  static final String PROBLEMS = "tag:belote-rules,2026:problem/";
  static final String INVALID_INPUT = PROBLEMS + "invalid-input";
  static int passed = 0;
  static final List<String> failures = new ArrayList<>();
  static ApiClient client;

  static void equal(Object actual, Object expected, String what) {
    if (Objects.equals(actual, expected)) passed++;
    else failures.add(what + ": expected " + expected + ", got " + actual);
  }

  static void that(boolean condition, String what) {
    equal(condition, true, what);
  }

  static Set<String> cards(String spaced) {
    return new LinkedHashSet<>(Arrays.asList(spaced.split(" ")));
  }

  static List<String> played(String spaced) {
    return Arrays.asList(spaced.split(" "));
  }

  static List<String> list(Collection<?> values) {
    List<String> out = new ArrayList<>();
    for (Object value : values) out.add(String.valueOf(value));
    return out;
  }

  /** The refusal of `call`, parsed into the generated Problem type; null if it succeeded. */
  static Problem refusal(int status, String what, Callable<?> call) throws Exception {
    try {
      call.call();
      failures.add(what + ": expected a " + status + " problem, the call succeeded");
      return null;
    } catch (ApiException e) {
      equal(e.getCode(), status, what + " status");
      String type = e.getResponseHeaders().firstValue("Content-Type").orElse("");
      equal(type, "application/problem+json", what + " media type");
      Problem problem = client.getObjectMapper().readValue(e.getResponseBody(), Problem.class);
      equal(problem.getStatus(), status, what + " problem.status");
      that(problem.getDetail().length() > 10, what + " problem.detail is a sentence");
      return problem;
    }
  }

  static void invalidInput(String field, String what, Callable<?> call) throws Exception {
    refused(INVALID_INPUT, field, what, call);
  }

  static void refused(String type, String field, String what, Callable<?> call) throws Exception {
    Problem problem = refusal(422, what, call);
    if (problem == null) return;
    equal(problem.getType(), type, what + " problem.type");
    Map<String, List<String>> errors = problem.getErrors();
    that(errors != null && errors.containsKey(field), what + " errors name " + field + ": " + errors);
  }

  static void rulesets() throws Exception {
    RulesetsApi api = new RulesetsApi(client);
    List<String> names = new ArrayList<>();
    for (Ruleset r : api.listRulesets(null).getRulesets()) names.add(String.valueOf(r.getName()));
    equal(names, List.of("belote", "klob", "cardavia", "klaberjass", "belote-ffb", "coinche",
        "belot", "klaverjas-rotterdam", "klaverjas-amsterdam"), "presets");
    Ruleset coinche = api.getRuleset("coinche", null);
    equal(coinche.getOptions().getTarget(), 2000, "coinche plays to 2000");
    equal(list(coinche.getOptions().getTrumpModes()), List.of("C", "D", "H", "S", "none", "all"), "coinche modes");
    Problem missing = refusal(404, "GET /v1/rulesets/poker", () -> api.getRuleset("poker", null));
    if (missing != null) that(missing.getDetail().contains("poker"), "404 detail names the ruleset");
    Parameter undertrump = null;
    for (Parameter p : api.listParameters(null).getParameters()) if (p.getName().equals("undertrump")) undertrump = p;
    equal(undertrump == null ? null : list(undertrump.getValues()), List.of("must", "may", "forbidden"), "undertrump values");
  }

  static void play() throws Exception {
    PlayApi api = new PlayApi(client);
    // An opponent (seat 1) wins with 9H; seat 2 can beat it with JH: it must overtrump.
    LegalMoves moves = api.legalMoves(new LegalMovesRequest()
        .trump(Trump.H)
        .hand(cards("7H JH AS KD"))
        .trick(new Trick().leader(0).cards(cards("8C 9H"))), null);
    equal(moves.getSeat(), 2, "legal-moves seat");
    equal(list(moves.getLegal()), List.of("JH"), "legal-moves: only the higher trump");
    Map<String, String> rules = new TreeMap<>();
    for (IllegalCard card : moves.getIllegal()) rules.put(card.getCard(), String.valueOf(card.getRule()));
    equal(rules, Map.of("7H", "must_overtrump", "AS", "must_trump", "KD", "must_trump"), "legal-moves reasons");
    invalidInput("hand.1", "legal-moves with a repeated card", () -> api.legalMoves(new LegalMovesRequest()
        .trump(Trump.H).hand(cards("7H 7h")).trick(new Trick().leader(0)), null));

    // 8C 9H AC JH from seat 1, hearts trump: JH (seat 0) wins 0 + 14 + 11 + 20 = 45 points.
    TrickWinner won = api.trickWinner(new TrickWinnerRequest()
        .trump(Trump.H)
        .trick(new Trick().leader(1).cards(cards("8C 9h A♣ JH"))), null);
    equal(List.of(won.getWinner(), won.getTeam(), won.getCard(), won.getPoints(), won.getComplete()),
        List.of(0, 0, "JH", 45, true), "trick-winner");
    invalidInput("trick.leader", "trick-winner with leader 7", () -> api.trickWinner(new TrickWinnerRequest()
        .trump(Trump.H).trick(new Trick().leader(7).cards(cards("8C"))), null));
  }

  static void declarations() throws Exception {
    DeclarationsApi api = new DeclarationsApi(client);
    // Seat 0 announces a tierce (20), seat 1 a quarte (50): the longer sequence wins.
    DeclarationsRank announced = api.rankDeclarations(new DeclarationsRankRequest()
        .trump(Trump.S)
        .declarations(List.of(
            new DeclarationClaim().seat(0).cards(cards("7H 8H 9H")),
            new DeclarationClaim().seat(1).cards(cards("10C JC QC KC")))), null);
    equal(announced.getWinner() == null ? null : announced.getWinner().getSeat(), 1, "the quarte wins");
    equal(announced.getPoints(), List.of(0, 50), "only the best side scores");
    // POST /v1/declarations/best: the service finds each hand's best declarations. Seat 0's carre of jacks
    // (200) and 8-9-10 of hearts (20) beat seat 1's carre of aces: team 0 scores 220.
    DeclarationsRank found = api.bestDeclarations(new DeclarationsBestRequest()
        .trump(Trump.S)
        .hands(List.of(
            new SeatCards().seat(0).cards(cards("8H 9H 10H JH QH JC JD JS")),
            new SeatCards().seat(1).cards(cards("AC AD AH AS KS QS 7D 8D")))), null);
    equal(found.getPoints(), List.of(220, 0), "declarations found in the hands");
    equal(found.getBelote().size(), 1, "seat 1 holds the belote");
    invalidInput("declarations.0", "declarations/rank with a non-declaration", () ->
        api.rankDeclarations(new DeclarationsRankRequest().trump(Trump.S)
            .declarations(List.of(new DeclarationClaim().seat(0).cards(cards("7H 9C 10S")))), null)) ;
  }

  static void bidding() throws Exception {
    BiddingApi api = new BiddingApi(client);
    // Coinche, dealer 3: seat 0 bids 80 hearts, seat 1 capot in spades, three passes.
    Bidding auction = api.bidding(new BiddingRequest()
        .ruleset(RulesetName.COINCHE)
        .dealer(3)
        .bids(List.of(
            new Bid().seat(0).action(BidAction.BID).value(80).trump(Trump.H),
            new Bid().seat(1).action(BidAction.BID).capot(true).trump(Trump.S),
            new Bid().seat(2).action(BidAction.PASS),
            new Bid().seat(3).action(BidAction.PASS),
            new Bid().seat(0).action(BidAction.PASS))), null);
    equal(List.of(auction.getComplete(), auction.getRedeal()), List.of(true, false), "auction over, no redeal");
    Contract contract = auction.getContract();
    that(contract != null, "a contract");
    if (contract != null) {
      equal(contract.getTaker(), 1, "seat 1 takes");
      equal(String.valueOf(contract.getTrump()), "S", "spades trump");
      equal(List.of(String.valueOf(contract.getValue()), contract.getCapot()), List.of("null", true), "the capot bid");
    }
    refused(PROBLEMS + "illegal-bid", "bids.0", "bidding out of turn", () -> api.bidding(new BiddingRequest()
        .ruleset(RulesetName.COINCHE).dealer(3)
        .bids(List.of(new Bid().seat(2).action(BidAction.PASS))), null));
  }

  static List<RoundTrick> allHearts() {
    // Seat 0 holds the eight hearts and leads one each trick; nobody else can follow or trump.
    List<RoundTrick> tricks = new ArrayList<>();
    for (String rank : List.of("J", "9", "A", "10", "K", "Q", "8", "7"))
      tricks.add(new RoundTrick().leader(0).cards(played(rank + "H " + rank + "C " + rank + "D " + rank + "S")));
    return tricks;
  }

  static void scoring() throws Exception {
    ScoringApi api = new ScoringApi(client);
    // Capot: 152 card points + 100 (instead of the last-trick 10) = 252, belote 20: [272, 0].
    RoundScore round = api.roundScore(new RoundScoreRequest()
        .trump(Trump.H).taker(0).tricks(allHearts()), null);
    equal(round.getScore(), List.of(272, 0), "round-score of a capot");
    equal(round.getCapot(), 0, "team 0 is capot");
    equal(round.getContract().getMade(), true, "the takers make it");
    // The same round in Coinche with a capot bid: the contract is made.
    RoundScore coinche = api.roundScore(new RoundScoreRequest()
        .ruleset(RulesetName.COINCHE)
        .trump(Trump.H).taker(0).tricks(allHearts())
        .bid(new RoundBid().capot(true)), null);
    equal(coinche.getContract().getMade(), true, "a capot bid made");
    equal(coinche.getScore().get(1), 0, "defenders score nothing");
    invalidInput("taker", "round-score with taker 7", () -> api.roundScore(new RoundScoreRequest()
        .trump(Trump.H).taker(7).tricks(allHearts()), null));

    MatchScore match = api.matchScore(new MatchScoreRequest().rounds(List.of(
        new MatchRound().score(List.of(250, 12)), new MatchRound().score(List.of(260, 30)))), null);
    equal(List.of(match.getTotals(), match.getFinished(), match.getWinner()),
        List.of(List.of(510, 42), true, 0), "match-score: 501 reached");
    invalidInput("rounds.0.score", "match-score with three scores", () -> api.matchScore(
        new MatchScoreRequest().rounds(List.of(new MatchRound().score(List.of(1, 2, 3)))), null));
  }

  static List<SeatCards> handsA() {
    return List.of(
        new SeatCards().seat(0).cards(cards("7C AC JD QD 9H JH 7S 10S")),
        new SeatCards().seat(1).cards(cards("8C 10C 7D AD 7H KH 8S AS")),
        new SeatCards().seat(2).cards(cards("9C KC 8D 10D 10H AH 9S KS")),
        new SeatCards().seat(3).cards(cards("JC QC 9D KD 8H QH JS QS")));
  }

  static void record() throws Exception {
    RecordApi api = new RecordApi(client);
    // Seat 0 leads JH, seat 1 follows 7H; seat 2 must follow hearts and (partner winning)
    // need not overtrump: 10H and AH.
    RoundValidation partial = api.validateRound(new RoundValidateRequest()
        .dealer(3).hands(handsA()).trump(Trump.H).taker(0)
        .tricks(List.of(new RoundTrick().leader(0).cards(played("JH 7H")))), null);
    equal(partial.getValid(), true, "rounds/validate: valid so far");
    equal(partial.getNext() == null ? null : partial.getNext().getSeat(), 2, "seat 2 plays next");
    equal(partial.getNext() == null ? null : list(partial.getNext().getLegal()), List.of("10H", "AH"), "its legal cards");
    invalidInput("tricks.0.cards.0", "rounds/validate with a card nobody holds", () -> api.validateRound(
        new RoundValidateRequest().dealer(3).hands(handsA()).trump(Trump.H).taker(0)
            .tricks(List.of(new RoundTrick().leader(0).cards(played("XX")))), null));
  }

  /**
   * openapi-generator 7.26's native library parses every response body as JSON, YAML and
   * plain text included (docs/clients.md), so a text operation throws on a good answer. Check
   * that this is the only reason, then read the operation through the client's HttpClient.
   */
  static String unparsed(ApiException e, String path, String mediaType) throws Exception {
    that(e.getCause() instanceof com.fasterxml.jackson.core.JsonProcessingException,
        "GET " + path + " fails only because the library reads " + mediaType + " as JSON: " + e);
    HttpResponse<String> raw = client.getHttpClient().send(
        HttpRequest.newBuilder(URI.create(client.getBaseUri() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
    equal(raw.statusCode(), 200, "GET " + path + " status");
    String type = raw.headers().firstValue("Content-Type").orElse("");
    that(type.startsWith(mediaType), "GET " + path + " is " + mediaType + ": " + type);
    return raw.body();
  }

  static void suggest() throws Exception {
    SuggestApi api = new SuggestApi(client);
    // Clubs led by seat 1 (8C 9H AC); seat 0 holds one club, 10C: the only legal card.
    SuggestPlay play = api.suggestPlay(new SuggestPlayRequest()
        .trump(Trump.H).taker(1).hand(cards("7H JH AS KD 10C QS 8D 9D"))
        .trick(new Trick().leader(1).cards(cards("8C 9H AC"))), null);
    equal(List.of(play.getSeat(), play.getCard()), List.of(0, "10C"), "suggest/play: the one legal card");
    equal(play.getValues().size(), 1, "suggest/play values one legal card");
    invalidInput("taker", "suggest/play with taker 7", () -> api.suggestPlay(new SuggestPlayRequest()
        .trump(Trump.H).taker(7).hand(cards("7H JH AS KD 10C QS 8D 9D"))
        .trick(new Trick().leader(1).cards(cards("8C 9H AC"))), null));
    refused(PROBLEMS + "invalid-input", "bids.0", "suggest/bid out of turn", () -> api.suggestBid(
        new SuggestBidRequest().dealer(3).turned("JH").hand(cards("9H AH AS KD 10C"))
            .bids(List.of(new Bid().seat(2).action(BidAction.PASS))), null));
    // Belote, dealer 3, JH turned: seat 0 speaks first and may take hearts or pass.
    SuggestBid bid = api.suggestBid(new SuggestBidRequest()
        .dealer(3).turned("JH").hand(cards("9H AH AS KD 10C")), null);
    equal(bid.getSeat(), 0, "suggest/bid: seat 0 speaks");
    List<String> calls = new ArrayList<>();
    for (BidOption option : bid.getOptions()) calls.add(String.valueOf(option.getBid().getAction()));
    that(calls.contains("pass") && calls.contains(String.valueOf(bid.getBid().getAction())),
        "suggest/bid answers one of the calls it weighed: " + calls);
  }

  static void service() throws Exception {
    ServiceApi api = new ServiceApi(client);
    equal(api.health(null).getStatus(), "ok", "healthz");
    equal(api.ready(null).getStatus(), "ready", "readyz");
    // GET /metrics declares no body type (Prometheus text): the client returns no body.
    try {
      equal(api.metricsWithHttpInfo(null).getStatusCode(), 200, "GET /metrics");
    } catch (ApiException e) {
      that(unparsed(e, "/metrics", "text/plain").contains("belote_http_requests_total"), "metrics");
    }
    String spec;
    try {
      spec = api.openapi(null);
    } catch (ApiException e) {
      spec = unparsed(e, "/openapi.yaml", "application/yaml");
    }
    that(spec.startsWith("openapi: 3.1.0"), "GET /openapi.yaml serves the spec");
  }

  public static void main(String[] args) throws Exception {
    String base = args.length > 0 ? args[0] : "http://127.0.0.1:8000";
    client = new ApiClient();
    client.updateBaseUri(base);
    for (Callable<Void> step : List.<Callable<Void>>of(
        () -> { rulesets(); return null; }, () -> { play(); return null; },
        () -> { declarations(); return null; }, () -> { bidding(); return null; },
        () -> { scoring(); return null; }, () -> { record(); return null; },
        () -> { suggest(); return null; }, () -> { service(); return null; })) {
      try {
        step.call();
      } catch (Exception e) {
        failures.add("unexpected " + e + (e instanceof ApiException a ? ": " + a.getResponseBody() : ""));
      }
    }
    for (String failure : failures) System.out.println("FAIL " + failure);
    System.out.println("java: " + passed + " passed, " + failures.size() + " failed");
    System.exit(failures.isEmpty() ? 0 : 1);
  }
}
