/* The input validator of this problem, written by `cardsharp package`.
   It accepts exactly the inputs that `cardsharp validate --game GAME`
   accepts, and needs nothing but a C compiler and its library.
   Build: gcc -O2 -o validate validate.c ; run: ./validate < input
   Exit 42: the input is valid. Exit 43: it is not, and standard error
   names the line, the column (in bytes, from 1) and what was expected.

   Valid input is the statement's bytes exactly: records laid out as the
   statement lays them out, one space between cards, no blank at a line's
   start or end, LF line ends, one LF after the last line, no blank line,
   no byte-order mark, at least one record, and the terminator the game
   asks for (`END`, `#`) with nothing after it. Cards are distinct where
   the game deals them from one deck, and a whist player follows suit
   when able.

   The input is read whole into memory that grows as it comes, and every
   byte is looked at through its line's length: no input, whatever its
   bytes (NUL, invalid UTF-8, a line of 100 MB, no final line end), reads
   or writes outside what was allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BRIDGE 1
#define CHOKER 2
#define WHIST 3
#define GAME BRIDGE

#if GAME == CHOKER
#define RANKS "123456789TJQKC"
#define SUITS "SGDC"
#define TERMINATOR "END"
#else
#define RANKS "23456789TJQKA"
#define SUITS "SHDC"
#define TERMINATOR "#"
#endif

enum { VALID = 42, INVALID = 43, CARDS_IN_A_ROW = 13, LONGEST_NAME = 20 };

/* One line of the input, without its LF; `number` counts from 1. */
typedef struct {
    const unsigned char *text;
    size_t len;
    size_t number;
} Line;

/* A byte as the report shows it: itself when printable ASCII, else
   escaped. */
static void show_byte(unsigned char byte) {
    if (byte >= 0x20 && byte < 0x7f) fprintf(stderr, "`%c`", byte);
    else if (byte == '\r') fputs("`\\r` (a CR: lines end with LF alone)", stderr);
    else if (byte == '\t') fputs("`\\t` (a tab)", stderr);
    else fprintf(stderr, "the byte `\\x%02x`", byte);
}

/* Rejects the input at `column` (from 0) of `line`, where `expected`
   should have been. */
static void reject(const Line *line, size_t column, const char *expected) {
    fprintf(stderr, "line %zu, column %zu: expected %s, found ", line->number, column + 1,
            expected);
    if (column < line->len) show_byte(line->text[column]);
    else fputs("the end of the line", stderr);
    fputc('\n', stderr);
    exit(INVALID);
}

#if GAME != BRIDGE
/* Rejects the input for what `line` says as a whole. */
static void reject_line(const Line *line, const char *problem) {
    fprintf(stderr, "line %zu: %s\n", line->number, problem);
    exit(INVALID);
}
#endif

/* Whether `line` holds the byte `byte` at `column`. */
static int holds(const Line *line, size_t column, unsigned char byte) {
    return column < line->len && line->text[column] == byte;
}

/* The index of `byte` in `alphabet`, or -1 (a NUL byte is in none). */
static int index_in(const char *alphabet, const Line *line, size_t column) {
    if (column >= line->len || line->text[column] == '\0') return -1;
    const char *found = strchr(alphabet, line->text[column]);
    return found ? (int)(found - alphabet) : -1;
}

/* The card at `column` of `line`: its rank times 4 plus its suit. */
static int card_at(const Line *line, size_t column) {
    int rank = index_in(RANKS, line, column);
    if (rank < 0) reject(line, column, "a rank, one of " RANKS);
    int suit = index_in(SUITS, line, column + 1);
    if (suit < 0) reject(line, column + 1, "a suit, one of " SUITS);
    return rank * 4 + suit;
}

/* Marks `card`, read at `column`, in `seen`; a card already there
   rejects the input with `problem`. */
static void deal(unsigned long long *seen, int card, const Line *line, size_t column,
                 const char *problem) {
    unsigned long long bit = 1ULL << card;
    if (*seen & bit) {
        fprintf(stderr, "line %zu, column %zu: the card %c%c %s\n", line->number,
                column + 1, RANKS[card / 4], SUITS[card % 4], problem);
        exit(INVALID);
    }
    *seen |= bit;
}

/* The end of a line: nothing may follow its last token. */
static void line_end(const Line *line, size_t column, const char *after) {
    if (column != line->len) reject(line, column, after);
}

#if GAME != CHOKER
/* A row of 13 cards, one space apart, each added to `seen`; `cards`
   receives them in order. */
static void card_row(const Line *line, unsigned long long *seen, int cards[CARDS_IN_A_ROW],
                     const char *twice) {
    size_t column = 0;
    for (int i = 0; i < CARDS_IN_A_ROW; i++) {
        if (i > 0 && !holds(line, column++, ' '))
            reject(line, column - 1, "one space, then the next of 13 cards");
        cards[i] = card_at(line, column);
        deal(seen, cards[i], line, column, twice);
        column += 2;
    }
    line_end(line, column, "the end of the line after 13 cards");
}
#endif

#if GAME == BRIDGE
/* States of the reading: the only one is a hand, or the end. */
enum state { HAND };

static enum state next(enum state state, const Line *line) {
    unsigned long long seen = 0;
    int cards[CARDS_IN_A_ROW];
    card_row(line, &seen, cards, "stands twice in this hand");
    return state;
}

static const char *expected(enum state state) {
    (void)state;
    return "a bridge hand of 13 cards";
}

static int may_end(enum state state) {
    (void)state;
    return 1;
}
#endif

#if GAME == CHOKER
/* States of the reading: the first hand of a pair (or `END` after a
   pair), the second hand, and the end after `END`. */
enum state { FIRST_HAND, SECOND_HAND, AFTER_END, FIRST_PAIR };

/* The cards of the first hand of the pair being read. */
static unsigned long long pair_cards;

static void choker_hand(const Line *line, unsigned long long *pair) {
    size_t name = 0;
    while (name < line->len && ((line->text[name] >= 'A' && line->text[name] <= 'Z') ||
                                (line->text[name] >= 'a' && line->text[name] <= 'z')))
        name++;
    if (name == 0) reject(line, 0, "a Choker hand: a name of letters, a dash, five cards");
    if (name > LONGEST_NAME) reject(line, LONGEST_NAME, "a dash after a name of at most 20 letters");
    if (!holds(line, name, '-')) reject(line, name, "a dash after the name");
    unsigned long long hand = 0;
    for (size_t column = name + 1; column < name + 11; column += 2) {
        int card = card_at(line, column);
        deal(&hand, card, line, column, "stands twice in this hand");
        deal(pair, card, line, column, "is in both hands of this pair, which come from one deck");
    }
    line_end(line, name + 11, "the end of the line after five cards");
}

static enum state next(enum state state, const Line *line) {
    int is_end = line->len == 3 && memcmp(line->text, "END", 3) == 0;
    switch (state) {
    case FIRST_PAIR:
        if (is_end) reject_line(line, "`END` before any pair: expected at least one record");
        /* fall through */
    case FIRST_HAND:
        if (is_end) return AFTER_END;
        pair_cards = 0;
        choker_hand(line, &pair_cards);
        return SECOND_HAND;
    case SECOND_HAND:
        choker_hand(line, &pair_cards);
        return FIRST_HAND;
    case AFTER_END:
        break;
    }
    reject_line(line, "expected the end of the input after `END`");
    return state;
}

static const char *expected(enum state state) {
    switch (state) {
    case FIRST_PAIR: return "a Choker hand";
    case FIRST_HAND: return "a Choker hand, or a line `END`";
    case SECOND_HAND: return "the second Choker hand of the pair";
    case AFTER_END: break;
    }
    return "the end of the input";
}

static int may_end(enum state state) { return state == AFTER_END; }
#endif

#if GAME == WHIST
/* States of the reading: a trump line (or `#` after a deal), the four
   rows of plays, and the end after `#`. */
enum state { TRUMP, NORTH, EAST, SOUTH, WEST, AFTER_HASH, FIRST_DEAL };

static const char *const SEATS[4] = {"north", "east", "south", "west"};

/* The deal being read: its trump, its rows, its cards so far. */
static int trump;
static int plays[4][CARDS_IN_A_ROW];
static unsigned long long dealt;
static Line rows[4];

/* Replays the deal's tricks, north leading the first and each trick's
   winner the next. A player who does not follow the suit led while a
   later trick shows that suit in their hand revokes. */
static void follow_suit(void) {
    int leader = 0;
    for (int trick = 0; trick < CARDS_IN_A_ROW; trick++) {
        int led = plays[leader][trick] % 4;
        int best = leader;
        for (int k = 1; k < 4; k++) {
            int seat = (leader + k) % 4;
            int card = plays[seat][trick];
            if (card % 4 != led)
                for (int later = trick + 1; later < CARDS_IN_A_ROW; later++)
                    if (plays[seat][later] % 4 == led) {
                        fprintf(stderr,
                                "line %zu, column %d: %s plays %c%c where %c was led, and "
                                "holds %c%c (played in trick %d): expected a card of %c\n",
                                rows[seat].number, trick * 3 + 1, SEATS[seat], RANKS[card / 4],
                                SUITS[card % 4], SUITS[led], RANKS[plays[seat][later] / 4],
                                SUITS[led], later + 1, SUITS[led]);
                        exit(INVALID);
                    }
            int winning = plays[best][trick];
            int trumps = card % 4 == trump, winning_trumps = winning % 4 == trump;
            if ((trumps && !winning_trumps) || (card % 4 == winning % 4 && card > winning))
                best = seat;
        }
        leader = best;
    }
}

static enum state next(enum state state, const Line *line) {
    switch (state) {
    case FIRST_DEAL:
    case TRUMP:
        if (state == TRUMP && line->len == 1 && line->text[0] == '#') return AFTER_HASH;
        trump = index_in(SUITS, line, 0);
        if (trump < 0) reject(line, 0, "a trump line: one suit letter, S H D C");
        line_end(line, 1, "the end of the line after the trump's suit");
        dealt = 0;
        return NORTH;
    case NORTH:
    case EAST:
    case SOUTH:
    case WEST: {
        int seat = state - NORTH;
        rows[seat] = *line;
        card_row(line, &dealt, plays[seat], "is dealt twice: a deal is 52 distinct cards");
        if (state != WEST) return state + 1;
        follow_suit();
        return TRUMP;
    }
    case AFTER_HASH:
        break;
    }
    reject_line(line, "expected the end of the input after `#`");
    return state;
}

static const char *expected(enum state state) {
    switch (state) {
    case FIRST_DEAL: return "a trump line: one suit letter, S H D C";
    case TRUMP: return "a trump line, or a line `#`";
    case NORTH: return "north's 13 plays";
    case EAST: return "east's 13 plays";
    case SOUTH: return "south's 13 plays";
    case WEST: return "west's 13 plays";
    case AFTER_HASH: break;
    }
    return "the end of the input";
}

static int may_end(enum state state) { return state == AFTER_HASH; }
#endif

#if GAME == BRIDGE
#define START HAND
#elif GAME == CHOKER
#define START FIRST_PAIR
#else
#define START FIRST_DEAL
#endif

/* All of standard input, in memory that grows as it is read. */
static unsigned char *read_input(size_t *len) {
    size_t capacity = 1 << 16;
    unsigned char *input = malloc(capacity);
    *len = 0;
    for (;;) {
        if (!input) {
            fputs("validate: out of memory\n", stderr);
            exit(1);
        }
        *len += fread(input + *len, 1, capacity - *len, stdin);
        if (*len < capacity) break;
        if (capacity > ((size_t)-1) / 2) {
            fputs("validate: the input is too large\n", stderr);
            exit(1);
        }
        capacity *= 2;
        unsigned char *larger = realloc(input, capacity);
        if (!larger) free(input);
        input = larger;
    }
    if (ferror(stdin)) {
        fputs("validate: cannot read standard input\n", stderr);
        exit(1);
    }
    return input;
}

int main(void) {
    size_t len;
    unsigned char *input = read_input(&len);
    if (len >= 3 && memcmp(input, "\xef\xbb\xbf", 3) == 0) {
        fputs("line 1, column 1: expected the first record, found a byte-order mark\n", stderr);
        return INVALID;
    }
    enum state state = START;
    Line line = {input, 0, 0};
    size_t start = 0;
    while (start < len) {
        const unsigned char *lf = memchr(input + start, '\n', len - start);
        size_t end = lf ? (size_t)(lf - input) : len;
        line = (Line){input + start, end - start, line.number + 1};
        if (line.len == 0) {
            fprintf(stderr, "line %zu: a blank line, where %s belongs\n", line.number,
                    expected(state));
            return INVALID;
        }
        state = next(state, &line);
        if (!lf) {
            fprintf(stderr, "line %zu: expected a line end (LF) after the last line\n",
                    line.number);
            return INVALID;
        }
        start = end + 1;
    }
    if (line.number == 0) {
        fputs("the input is empty: expected at least one record\n", stderr);
        return INVALID;
    }
    if (!may_end(state)) {
        fprintf(stderr, "line %zu: the input ends, where %s belongs\n", line.number + 1,
                expected(state));
        return INVALID;
    }
    free(input);
    return VALID;
}
