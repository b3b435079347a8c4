import type { CatalogueDocument } from '../../src/catalogue/records/document.js';

/**
 * Twenty real games (facts as their providers publish them) and most of the category map: enough
 * for the pages to look and behave as they do in production, small enough to reason about in a test.
 * Only one slot has Extreme volatility (Zeus vs Hades), so a spin filtered on it is deterministic.
 */
export const BROWSER_CATALOGUE: CatalogueDocument = {
  "categories": {
    "luck": [
      "🍀",
      "🎲",
      "🎰",
      "🌈",
      "🪙",
      "🐞",
      "🔮",
      "🧿",
      "🎯",
      "🃏",
      "7️⃣",
      "🔔",
      "🐴",
      "🎱",
      "🍄"
    ],
    "fruit": [
      "🍒",
      "🍋",
      "🍊",
      "🍇",
      "🍉",
      "🍓",
      "🍑",
      "🍍",
      "🍌",
      "🍎",
      "🍐",
      "🥝",
      "🫐",
      "🥭",
      "🍈",
      "🥥"
    ],
    "gems": [
      "💎",
      "💍",
      "👑",
      "💠",
      "🔷",
      "🔶",
      "✨",
      "⭐",
      "🌟",
      "🏆",
      "🥇"
    ],
    "money": [
      "💰",
      "💵",
      "💸",
      "🤑",
      "🏦",
      "💳",
      "💲",
      "🪙"
    ],
    "animals": [
      "🐺",
      "🦁",
      "🐯",
      "🐻",
      "🦅",
      "🐘",
      "🦏",
      "🦍",
      "🐒",
      "🐝",
      "🦬",
      "🐃",
      "🐎",
      "🦊",
      "🐼",
      "🐸",
      "🐊",
      "🦜",
      "🐔",
      "🐶",
      "🐱",
      "🐷",
      "🐮",
      "🦌",
      "🐗",
      "🦉",
      "🦇",
      "🕷️",
      "🦂",
      "🐍",
      "🦓",
      "🦒",
      "🐆",
      "🦘",
      "🐨",
      "🐰",
      "🐑",
      "🐄"
    ],
    "sea": [
      "🌊",
      "🐟",
      "🐠",
      "🐡",
      "🦈",
      "🐙",
      "🦑",
      "🦀",
      "🐚",
      "🐳",
      "🐬",
      "🦞",
      "🦐",
      "🐢",
      "⚓",
      "🧜",
      "🔱",
      "🎣",
      "🪸"
    ],
    "nature": [
      "🌋",
      "🔥",
      "❄️",
      "🌲",
      "🌴",
      "🌵",
      "🌸",
      "🌺",
      "🌻",
      "🌙",
      "☀️",
      "⛈️",
      "🌪️",
      "🏔️",
      "💧",
      "🌿",
      "🍁",
      "⚡",
      "🌾",
      "🪨"
    ],
    "mythology": [
      "🐉",
      "🐲",
      "🦄",
      "🧞",
      "🧙",
      "🧚",
      "🪽",
      "🏛️",
      "⚔️",
      "🛡️",
      "🪓",
      "🔨",
      "🗿",
      "👹",
      "🧝",
      "🦉",
      "⚡",
      "🔱",
      "🐦‍🔥"
    ],
    "ancient": [
      "🏺",
      "🐫",
      "🏜️",
      "🪲",
      "👁️",
      "📜",
      "⚱️",
      "🗝️",
      "🔺",
      "🐈‍⬛",
      "🪔"
    ],
    "adventure": [
      "🗺️",
      "🧭",
      "⛏️",
      "🏹",
      "🏴‍☠️",
      "☠️",
      "🗡️",
      "💣",
      "🧨",
      "⛵",
      "🤠",
      "🪢",
      "🔫",
      "🚂",
      "🏰"
    ],
    "horror": [
      "🧛",
      "🧟",
      "👻",
      "💀",
      "🕸️",
      "🎃",
      "🕯️",
      "⚰️",
      "🩸",
      "🌕",
      "🔪"
    ],
    "sweets": [
      "🍬",
      "🍭",
      "🍫",
      "🍩",
      "🍪",
      "🧁",
      "🍰",
      "🎂",
      "🍦",
      "🍯",
      "🍡",
      "🍮"
    ]
  },
  "slots": [
    {
      "name": "Starburst",
      "slug": "starburst",
      "provider": "NetEnt",
      "rtp": 96.09,
      "volatility": "Low",
      "maxWin": 500,
      "hasBonusBuy": false,
      "releaseYear": 2012,
      "emojiTags": [
        "💎",
        "🌌",
        "🌟",
        "🔷",
        "7️⃣"
      ],
      "theme": [
        "space",
        "gems"
      ],
      "features": [
        "expanding wilds",
        "respins",
        "win both ways"
      ],
      "description": "A 5x3, 10-line cosmic gem slot that pays both ways, where expanding wilds on the middle reels award respins.",
      "review": "Simple, bright and endlessly smooth, it is the game many people learn slots on. Wins come often but stay small. Perfect for a relaxed session, not for chasing big hits.",
      "rating": 4.2,
      "pros": [
        "Frequent wins",
        "Pays both ways",
        "Timeless neon look"
      ],
      "cons": [
        "Low maximum win",
        "No free spins"
      ]
    },
    {
      "name": "Gonzo's Quest",
      "slug": "gonzos-quest",
      "provider": "NetEnt",
      "rtp": 95.97,
      "volatility": "Medium",
      "maxWin": 2500,
      "hasBonusBuy": false,
      "releaseYear": 2011,
      "emojiTags": [
        "🗿",
        "🪨",
        "🧭",
        "🗺️",
        "🌴"
      ],
      "theme": [
        "adventure",
        "el dorado"
      ],
      "features": [
        "avalanche reels",
        "multipliers",
        "free falls"
      ],
      "description": "A 5x3 adventure slot where stone blocks tumble instead of spinning, with a multiplier that rises on consecutive avalanche wins.",
      "review": "The falling-block mechanic was a breakthrough and still feels good today. Free Falls with tripled multipliers give real upside. It has aged a little, but Gonzo remains a classic.",
      "rating": 4.3,
      "pros": [
        "Pioneering avalanche mechanic",
        "Rising multipliers in Free Falls"
      ],
      "cons": [
        "RTP a touch below average",
        "Dated animation"
      ]
    },
    {
      "name": "Twin Spin",
      "slug": "twin-spin",
      "provider": "NetEnt",
      "rtp": 96.6,
      "volatility": "Medium",
      "maxWin": 1080,
      "hasBonusBuy": false,
      "releaseYear": 2013,
      "emojiTags": [
        "🎰",
        "💎",
        "🍒",
        "🔔",
        "7️⃣",
        "🎲"
      ],
      "theme": [
        "classic",
        "las vegas"
      ],
      "features": [
        "twin reels",
        "243 ways",
        "wilds"
      ],
      "description": "A retro Vegas slot with cherries, bells, BARs, sevens and diamonds, where linked twin reels can grow to cover up to five reels.",
      "review": "A modern spin on the classic fruit machine that looks sharp even today. The twin reel feature is the only trick, but it creates plenty of exciting near misses. Great for classic slot fans who still want some action.",
      "rating": 4,
      "pros": [
        "Stylish retro design",
        "Twin reels on every spin"
      ],
      "cons": [
        "No free spins",
        "Modest top prize"
      ]
    },
    {
      "name": "Mega Joker",
      "slug": "mega-joker",
      "provider": "NetEnt",
      "rtp": 99,
      "volatility": "High",
      "maxWin": 2000,
      "hasBonusBuy": false,
      "releaseYear": 2011,
      "emojiTags": [
        "🃏",
        "🍒",
        "🍋",
        "🍉",
        "🔔",
        "🎰",
        "🎲"
      ],
      "theme": [
        "classic",
        "fruit machine"
      ],
      "features": [
        "supermeter",
        "progressive jackpot",
        "mystery wins"
      ],
      "description": "A 3-reel fruit machine with two sets of reels, where base wins can be taken up into the Supermeter mode for bigger bets and prizes.",
      "review": "The famous 99% RTP only applies if you use the Supermeter well, which gives it a cult following among strategic players. It looks like a pub machine and plays like one. Not flashy, but honest.",
      "rating": 4.1,
      "pros": [
        "Very high RTP with the Supermeter",
        "Authentic fruit machine feel"
      ],
      "cons": [
        "Old-fashioned look",
        "Rules take a moment to learn"
      ]
    },
    {
      "name": "Blood Suckers",
      "slug": "blood-suckers",
      "provider": "NetEnt",
      "rtp": 98,
      "volatility": "Low",
      "maxWin": 1014,
      "hasBonusBuy": false,
      "releaseYear": 2013,
      "emojiTags": [
        "🧛",
        "🩸",
        "⚰️",
        "🕸️",
        "🦇"
      ],
      "theme": [
        "horror",
        "vampires"
      ],
      "features": [
        "free spins",
        "pick bonus",
        "multipliers"
      ],
      "description": "A 5x3, 25-line vampire slot with tripled wins in free spins and a coffin-opening pick bonus.",
      "review": "A cosy kind of horror, with a 98% RTP that keeps balances alive for a long time. Wins are regular but never huge. A favourite for steady, long sessions.",
      "rating": 4,
      "pros": [
        "Excellent 98% RTP",
        "Low volatility keeps sessions long"
      ],
      "cons": [
        "Small maximum win",
        "Dated graphics"
      ]
    },
    {
      "name": "Dead or Alive 2",
      "slug": "dead-or-alive-2",
      "provider": "NetEnt",
      "rtp": 96.8,
      "volatility": "High",
      "maxWin": 111111,
      "hasBonusBuy": false,
      "releaseYear": 2019,
      "emojiTags": [
        "🤠",
        "🔫",
        "💀",
        "🌵",
        "🥃"
      ],
      "theme": [
        "wild west",
        "outlaws"
      ],
      "features": [
        "sticky wilds",
        "free spins",
        "multipliers",
        "mode choice"
      ],
      "description": "A 5x3, 9-line western slot whose free spins come in three flavours: Old Saloon, Train Heist and the wild High Noon Saloon.",
      "review": "The High Noon Saloon mode is one of the most famous bonus rounds in slots, with a ceiling to match. It can take an age to trigger free spins at all. Legendary, but strictly for patient, well-funded players.",
      "rating": 4.6,
      "pros": [
        "Enormous maximum win",
        "Choice of three bonus modes",
        "Iconic sticky wild bonus"
      ],
      "cons": [
        "Free spins can be very rare",
        "Base game is tough"
      ]
    },
    {
      "name": "Wild Swarm",
      "slug": "wild-swarm",
      "provider": "Push Gaming",
      "rtp": 97.03,
      "volatility": "Medium",
      "maxWin": 3100,
      "hasBonusBuy": false,
      "releaseYear": 2018,
      "emojiTags": [
        "🐝",
        "🍯",
        "🌸",
        "🍀",
        "🌿"
      ],
      "theme": [
        "nature",
        "bees"
      ],
      "features": [
        "sticky wilds",
        "free spins",
        "pick bonus"
      ],
      "description": "A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode, a round packed with sticky wilds.",
      "review": "Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning. The very high RTP is a bonus. The top win is modest, so it suits patient players more than jackpot hunters.",
      "rating": 4.1,
      "pros": [
        "Excellent RTP",
        "Satisfying hive progression",
        "Calm, polished art"
      ],
      "cons": [
        "Limited maximum win"
      ]
    },
    {
      "name": "Razor Shark",
      "slug": "razor-shark",
      "provider": "Push Gaming",
      "rtp": 96.7,
      "volatility": "High",
      "maxWin": 50000,
      "hasBonusBuy": false,
      "releaseYear": 2019,
      "emojiTags": [
        "🦈",
        "🌊",
        "🐠",
        "🪸",
        "🐡"
      ],
      "theme": [
        "ocean",
        "sharks"
      ],
      "features": [
        "mystery stacks",
        "nudging wilds",
        "free spins",
        "multipliers"
      ],
      "description": "A 5x4 underwater slot where mystery stacks reveal matching symbols and the Razor Reveal can uncover multipliers and free spins.",
      "review": "Mystery stacks make most spins feel like they could turn into something, and the progressive multiplier in free spins is a proper threat. It is a tense, streaky game. One of Push Gaming's best.",
      "rating": 4.5,
      "pros": [
        "Exciting mystery stack reveals",
        "Growing multiplier in free spins"
      ],
      "cons": [
        "Punishing dry spells"
      ]
    },
    {
      "name": "Jammin' Jars",
      "slug": "jammin-jars",
      "provider": "Push Gaming",
      "rtp": 96.83,
      "volatility": "High",
      "maxWin": 20000,
      "hasBonusBuy": false,
      "releaseYear": 2018,
      "emojiTags": [
        "🍓",
        "🍇",
        "🍉",
        "🫐",
        "🪩",
        "🎶"
      ],
      "theme": [
        "fruit",
        "disco"
      ],
      "features": [
        "cluster pays",
        "walking wilds",
        "multipliers",
        "free spins"
      ],
      "description": "An 8x8 funky fruit cluster slot where jam jar wilds move around the grid and grow their multipliers with every win they join.",
      "review": "The jars hopping around and building multipliers make it hypnotic to watch, and the disco soundtrack fits. Free spins with several jars can explode. A cult favourite that still feels fresh.",
      "rating": 4.5,
      "pros": [
        "Growing jar multipliers",
        "Memorable look and sound",
        "Strong top prize"
      ],
      "cons": [
        "Free spins are hard to trigger"
      ]
    },
    {
      "name": "Gates of Olympus",
      "slug": "gates-of-olympus",
      "provider": "Pragmatic Play",
      "rtp": 96.5,
      "volatility": "High",
      "maxWin": 5000,
      "hasBonusBuy": true,
      "releaseYear": 2021,
      "emojiTags": [
        "⚡",
        "🏛️",
        "🪽",
        "👑",
        "💎",
        "💍"
      ],
      "theme": [
        "greek mythology",
        "gods"
      ],
      "features": [
        "tumbling reels",
        "multipliers",
        "free spins",
        "bonus buy"
      ],
      "description": "A 6x5 scatter-pays slot where Zeus hurls random multiplier orbs onto tumbling gem and treasure symbols above Mount Olympus.",
      "review": "Zeus carries the whole show here: base spins can feel flat, but one big multiplier landing on a long tumble turns the mood instantly. The free spins, where multipliers add up, are where the real wins live. Expect swings and budget for them.",
      "rating": 4.6,
      "pros": [
        "Multipliers can stack to huge totals",
        "Pays anywhere, so no paylines to track",
        "Crisp, iconic presentation"
      ],
      "cons": [
        "Long dry spells between features",
        "Base game relies heavily on luck with orbs"
      ]
    },
    {
      "name": "Sweet Bonanza",
      "slug": "sweet-bonanza",
      "provider": "Pragmatic Play",
      "rtp": 96.51,
      "volatility": "High",
      "maxWin": 21175,
      "hasBonusBuy": true,
      "releaseYear": 2019,
      "emojiTags": [
        "🍭",
        "🍬",
        "🍉",
        "🍇",
        "🍌",
        "🍎"
      ],
      "theme": [
        "candy",
        "fruit"
      ],
      "features": [
        "tumbling reels",
        "scatter pays",
        "free spins",
        "bonus buy"
      ],
      "description": "A candy-land scatter-pays slot where clusters of eight or more fruits and sweets pay anywhere and tumble away for chain wins.",
      "review": "Bright, sugary and endlessly replayable, it set the template many later games copied. Bomb multipliers during free spins give it a genuine top end, while the ante bet lets you chase the feature harder. It is a modern classic for a reason.",
      "rating": 4.5,
      "pros": [
        "Very high top prize",
        "Simple pay-anywhere rules",
        "Cheerful, polished visuals"
      ],
      "cons": [
        "Multipliers only appear in the bonus"
      ]
    },
    {
      "name": "Zeus vs Hades - Gods of War",
      "slug": "zeus-vs-hades-gods-of-war",
      "provider": "Pragmatic Play",
      "rtp": 96.07,
      "volatility": "Extreme",
      "maxWin": 15000,
      "hasBonusBuy": true,
      "releaseYear": 2023,
      "emojiTags": [
        "⚡",
        "🔥",
        "💀",
        "⚔️",
        "🛡️",
        "🏛️"
      ],
      "theme": [
        "greek mythology",
        "battle"
      ],
      "features": [
        "multiplier wilds",
        "free spins",
        "mode choice",
        "bonus buy"
      ],
      "description": "A 5x5 battle between Zeus and Hades, with multiplier wilds and a choice of a calmer Olympus mode or a brutal underworld mode.",
      "review": "Letting players pick a side changes the maths in a way you can feel. The Hades mode is properly savage and not for small bankrolls. Striking art and a genuinely different idea.",
      "rating": 4.2,
      "pros": [
        "Two volatility modes to choose from",
        "Striking visual clash"
      ],
      "cons": [
        "Hades mode burns through balances"
      ]
    },
    {
      "name": "Double Diamond",
      "slug": "double-diamond",
      "provider": "IGT",
      "rtp": 95,
      "volatility": "Low",
      "maxWin": 1000,
      "hasBonusBuy": false,
      "releaseYear": 2014,
      "emojiTags": [
        "🎰",
        "💎",
        "🍒",
        "7️⃣",
        "💲"
      ],
      "theme": [
        "classic",
        "gems"
      ],
      "features": [
        "multiplier wilds"
      ],
      "description": "A three-reel classic with bars, sevens, cherries and a Double Diamond wild that doubles or quadruples line wins.",
      "review": "Pure old-school slot action with no frills. Ideal for players who want the feel of a Vegas reel machine.",
      "rating": 3.3,
      "pros": [
        "Authentic Vegas feel",
        "Doubling wilds"
      ],
      "cons": [
        "No bonus rounds"
      ]
    },
    {
      "name": "Fruit Million",
      "slug": "fruit-million",
      "provider": "BGaming",
      "rtp": 97,
      "volatility": "High",
      "maxWin": 10000,
      "hasBonusBuy": true,
      "releaseYear": 2021,
      "emojiTags": [
        "🍒",
        "💎",
        "🎰",
        "🍋",
        "🍇",
        "7️⃣"
      ],
      "theme": [
        "fruit",
        "classic"
      ],
      "features": [
        "free spins",
        "multipliers",
        "expanding wilds",
        "bonus buy"
      ],
      "description": "A gem-studded fruit machine with sevens, diamonds and cherries, where free spins bring multipliers.",
      "review": "Classic fruit with a modern high-volatility engine and a feature buy. Players who want calm fruit spins should look elsewhere.",
      "rating": 3.6,
      "pros": [
        "Big multiplier potential",
        "Feature buy"
      ],
      "cons": [
        "Harsh volatility for a fruit slot"
      ]
    },
    {
      "name": "Lucky Lady's Charm Deluxe",
      "slug": "lucky-ladys-charm-deluxe",
      "provider": "Novomatic",
      "rtp": 95.13,
      "volatility": "Medium",
      "maxWin": 9000,
      "hasBonusBuy": false,
      "releaseYear": 2008,
      "emojiTags": [
        "🍀",
        "🐞",
        "🔮",
        "🌹",
        "🎲"
      ],
      "theme": [
        "luck",
        "fortune teller"
      ],
      "features": [
        "free spins",
        "multipliers",
        "gamble"
      ],
      "description": "A lucky charm slot with ladybirds, clovers and a crystal ball scatter that triggers 15 free spins with tripled wins.",
      "review": "Simple and effective: the tripled free spins can produce good wins. It is a lucky-themed classic for a reason.",
      "rating": 3.8,
      "pros": [
        "Tripled free spin wins",
        "Lucky charm theme"
      ],
      "cons": [
        "Very basic visuals"
      ]
    },
    {
      "name": "Big Bass Bonanza",
      "slug": "big-bass-bonanza",
      "provider": "Pragmatic Play",
      "rtp": 96.71,
      "volatility": "High",
      "maxWin": 2100,
      "hasBonusBuy": false,
      "releaseYear": 2020,
      "emojiTags": [
        "🎣",
        "🐟",
        "🐠",
        "🌊",
        "💵"
      ],
      "theme": [
        "fishing",
        "outdoors"
      ],
      "features": [
        "money symbols",
        "free spins",
        "retriggers"
      ],
      "description": "A 5x3 fishing slot where a fisherman wild collects the cash values shown on fish symbols during free spins.",
      "review": "The collect mechanic is easy to grasp and oddly satisfying, which explains the endless sequels. Retriggers that raise the multiplier give the bonus a nice sense of progress. The cap is modest compared with newer entries in the series.",
      "rating": 4,
      "pros": [
        "Clear, satisfying collect feature",
        "Progressive retrigger multipliers"
      ],
      "cons": [
        "Low maximum win for its volatility"
      ]
    },
    {
      "name": "Hot Hot Fruit",
      "slug": "hot-hot-fruit",
      "provider": "Habanero",
      "rtp": 96.7,
      "volatility": "Medium",
      "maxWin": 1000,
      "hasBonusBuy": false,
      "releaseYear": 2019,
      "emojiTags": [
        "🍒",
        "🍉",
        "🍋",
        "🔥",
        "🎰",
        "7️⃣"
      ],
      "theme": [
        "fruit",
        "classic"
      ],
      "features": [
        "hot hot feature",
        "free spins",
        "multipliers"
      ],
      "description": "A fiery fruit machine on 15 lines where the Hot Hot feature can turn symbols into double or triple symbols for bigger line pays.",
      "review": "A smart modernisation of the fruit slot, with the Hot Hot transformation adding real bursts of action. The look is basic.",
      "rating": 3.8,
      "pros": [
        "Hot Hot feature boosts symbols",
        "Strong published RTP"
      ],
      "cons": [
        "Simple graphics"
      ]
    },
    {
      "name": "1429 Uncharted Seas",
      "slug": "1429-uncharted-seas",
      "provider": "Thunderkick",
      "rtp": 98.6,
      "volatility": "Low",
      "maxWin": 1000,
      "hasBonusBuy": false,
      "releaseYear": 2015,
      "emojiTags": [
        "🌊",
        "⛵",
        "🗺️",
        "🧭",
        "🐙",
        "🐳"
      ],
      "theme": [
        "exploration",
        "sea"
      ],
      "features": [
        "free spins",
        "expanding wilds",
        "multipliers"
      ],
      "description": "A hand-drawn voyage across an old sea chart, with expanding wilds and free spins where the multiplier rises with every wild.",
      "review": "The published RTP is among the highest in the industry and the map art is beautiful. Wins are usually small, so it suits long, calm sessions.",
      "rating": 4.3,
      "pros": [
        "Exceptionally high published RTP",
        "Lovely nautical chart art"
      ],
      "cons": [
        "Few big wins"
      ]
    },
    {
      "name": "Book of Ra Deluxe",
      "slug": "book-of-ra-deluxe",
      "provider": "Novomatic",
      "rtp": 95.1,
      "volatility": "High",
      "maxWin": 5000,
      "hasBonusBuy": false,
      "releaseYear": 2008,
      "emojiTags": [
        "📜",
        "🪲",
        "🏺",
        "🔺",
        "🗺️"
      ],
      "theme": [
        "ancient egypt",
        "explorer"
      ],
      "features": [
        "free spins",
        "expanding symbols",
        "gamble"
      ],
      "description": "The famous explorer slot where the Book of Ra acts as wild and scatter, and a random expanding symbol drives big wins in free spins.",
      "review": "A legend that created a whole genre. The expanding symbol still delivers dramatic moments, but the gamble-heavy design feels old.",
      "rating": 4.1,
      "pros": [
        "Iconic expanding symbol free spins",
        "Very high volatility thrills"
      ],
      "cons": [
        "Dated graphics",
        "Low published RTP"
      ]
    },
    {
      "name": "Sizzling Hot Deluxe",
      "slug": "sizzling-hot-deluxe",
      "provider": "Novomatic",
      "rtp": 95.66,
      "volatility": "Medium",
      "maxWin": 1000,
      "hasBonusBuy": false,
      "releaseYear": 2007,
      "emojiTags": [
        "🔥",
        "🍒",
        "🍋",
        "🍉",
        "7️⃣",
        "⭐",
        "🎰"
      ],
      "theme": [
        "classic",
        "fruit"
      ],
      "features": [
        "scatter wins",
        "gamble"
      ],
      "description": "A five-line fruit machine with cherries, watermelons, sevens and a star scatter, plus the classic card gamble.",
      "review": "As pure as slots get: no bonus rounds, just hot fruit symbols and quick spins. Great for nostalgia, thin on features.",
      "rating": 3.6,
      "pros": [
        "Fast, simple play",
        "Classic fruit look"
      ],
      "cons": [
        "No bonus rounds"
      ]
    }
  ]
};
