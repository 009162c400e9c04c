import type { QuestionType } from "@slotwise/core";

export interface QuestionSpec {
  label: string;
  type: QuestionType;
  required: boolean;
  helpText?: string;
  options?: string[];
  accept?: string[];
  maxFileSizeMb?: number;
}

export interface ActivitySpec {
  name: string;
  description: string;
  durationMinutes: number;
  location: string;
  price: number;
  minParticipants: number;
  maxParticipants: number;
  cutoffMinutes: number;
  /** Local start times, every day. */
  times: string[];
  capacity: number;
  questions: QuestionSpec[];
  /** Units sold beside the adult one (which is sold at `price`). */
  extraUnits?: UnitSpec[];
}

export interface UnitSpec {
  id: string;
  label: string;
  minAge: number | null;
  maxAge: number | null;
  price: number;
}

export interface OperatorSpec {
  slug: string;
  name: string;
  timeZone: string;
  currency: string;
  user: { email: string; name: string; password: string };
  partners: { slug: string; name: string; paymentPrefix: string }[];
  activities: ActivitySpec[];
  /** Bookings to make, spread over the past 90 and the coming 30 days. */
  bookings: number;
  /** Customers' phone numbers: a prefix and how many digits follow it. */
  phones: [prefix: string, digits: number][];
  /** Usage the operator's own services report, with the unit and description of each meter's definition. */
  customMeters: {
    name: string;
    unit: string;
    description: string;
    perDay: [number, number];
    usage: [number, number];
    decimals: number;
  }[];
}

const swim: QuestionSpec = { label: "Can every participant swim 50 metres?", type: "boolean", required: true };
const birthDate: QuestionSpec = {
  label: "Date of birth of the lead participant",
  type: "date",
  required: true,
  helpText: "Participants under 16 must be accompanied by an adult.",
};
const liability: QuestionSpec = {
  label: "Signature accepting the liability waiver",
  type: "signature",
  required: true,
  helpText: "Type your full name.",
};
const idUpload: QuestionSpec = {
  label: "Photo ID of the lead participant",
  type: "file",
  required: true,
  accept: ["application/pdf", "image/*"],
  maxFileSizeMb: 10,
};
const medical: QuestionSpec = {
  label: "Medical certificate (if you have a condition we should know about)",
  type: "file",
  required: false,
  accept: ["application/pdf", "image/*"],
  maxFileSizeMb: 10,
};
const notes: QuestionSpec = { label: "Anything we should know?", type: "textarea", required: false };

export const DEMO: OperatorSpec = {
  slug: "demo",
  name: "Lisboa Outdoors",
  timeZone: "Europe/Lisbon",
  currency: "EUR",
  user: { email: "demo@example.com", name: "Marta Ferreira", password: "correct-horse-battery" },
  partners: [
    { slug: "acme-travel", name: "Acme Travel", paymentPrefix: "ACME-PAY" },
    { slug: "globetrek", name: "GlobeTrek", paymentPrefix: "GT" },
  ],
  bookings: 300,
  phones: [
    ["+3519", 8],
    ["+447", 9],
    ["+1415555", 4],
    ["+49151", 8],
    ["+336", 8],
    ["+3461", 7],
  ],
  customMeters: [
    {
      name: "api-calls",
      unit: "calls",
      description: "Searches of the booking widget",
      perDay: [4, 8],
      usage: [40, 400],
      decimals: 0,
    },
    {
      name: "sms-sent",
      unit: "SMS",
      description: "Reminders sent by text",
      perDay: [0, 4],
      usage: [1, 3],
      decimals: 0,
    },
    {
      name: "storage-gb",
      unit: "GB",
      description: "Tour photos kept for customers",
      perDay: [1, 1],
      usage: [2, 6],
      decimals: 3,
    },
  ],
  activities: [
    {
      // First by name, so an OCTO reseller's first product: a boat that seats a coach party.
      name: "Age of Discovery River Cruise",
      description:
        "Ninety minutes on the Tagus from Belém: the Monument to the Discoveries, Belém Tower, the 25 de Abril bridge and the old docks, with audio commentary in six languages.",
      durationMinutes: 90,
      location: "Lisbon, Doca de Belém",
      price: 2200,
      minParticipants: 1,
      maxParticipants: 10,
      cutoffMinutes: 15,
      times: ["10:00", "12:00", "14:30", "17:00"],
      capacity: 200,
      questions: [
        {
          label: "Does anyone in your party need step-free boarding?",
          type: "boolean",
          required: false,
          helpText: "The crew sets up the ramp before boarding.",
        },
      ],
      extraUnits: [{ id: "child", label: "Child", minAge: 4, maxAge: 12, price: 1100 }],
    },
    {
      name: "Sunset Kayak Tour",
      description:
        "Paddle under the 25 de Abril bridge as the sun goes down over the Tagus, with a guide and a stop at a hidden beach.",
      durationMinutes: 120,
      location: "Lisbon, Doca de Alcântara",
      price: 4500,
      minParticipants: 1,
      maxParticipants: 8,
      cutoffMinutes: 60,
      times: ["09:30", "17:30"],
      capacity: 12,
      questions: [swim, birthDate, idUpload, notes],
      extraUnits: [
        { id: "child", label: "Child", minAge: 8, maxAge: 17, price: 2500 },
        { id: "senior", label: "Senior", minAge: 65, maxAge: null, price: 3800 },
      ],
    },
    {
      name: "Alfama Food & Wine Walk",
      description:
        "Eight tastings in the oldest quarter of Lisbon: petiscos, ginjinha, cheeses from the Alentejo and a glass of vinho verde.",
      durationMinutes: 180,
      location: "Lisbon, Largo do Chafariz de Dentro",
      price: 6500,
      minParticipants: 1,
      maxParticipants: 10,
      cutoffMinutes: 120,
      times: ["11:00", "16:00"],
      capacity: 14,
      questions: [
        {
          label: "Dietary requirements",
          type: "multiselect",
          required: false,
          options: ["vegetarian", "vegan", "gluten-free", "no pork", "no alcohol"],
        },
        { label: "Food allergies", type: "text", required: true, helpText: "Write 'none' if there are none." },
      ],
    },
    {
      name: "Sintra & Cascais Day Trip",
      description:
        "Pena Palace, the Moorish Castle and the Atlantic coast at Cabo da Roca in one day, with hotel pick-up in Lisbon.",
      durationMinutes: 540,
      location: "Hotel pick-up, Lisbon",
      price: 8900,
      minParticipants: 1,
      maxParticipants: 12,
      cutoffMinutes: 720,
      times: ["08:30"],
      capacity: 30,
      questions: [
        { label: "Hotel for pick-up", type: "text", required: true },
        { label: "Lunch menu", type: "select", required: true, options: ["fish", "meat", "vegetarian"] },
      ],
    },
    {
      name: "Tagus River Sailing",
      description:
        "Two hours on a classic sailing yacht past Belém Tower and the Monument to the Discoveries, drinks on board.",
      durationMinutes: 120,
      location: "Lisbon, Doca de Santo Amaro",
      price: 5500,
      minParticipants: 2,
      maxParticipants: 10,
      cutoffMinutes: 60,
      times: ["10:00", "14:00", "18:00"],
      capacity: 10,
      questions: [swim, liability],
    },
    {
      name: "Fado Night in Mouraria",
      description: "An intimate evening of live fado in a family-run tasca, with a petiscos dinner and port.",
      durationMinutes: 150,
      location: "Lisbon, Rua do Capelão",
      price: 4000,
      minParticipants: 1,
      maxParticipants: 8,
      cutoffMinutes: 30,
      times: ["20:30"],
      capacity: 24,
      questions: [],
    },
    {
      name: "Surf Lesson at Carcavelos",
      description:
        "A two-and-a-half-hour lesson for beginners and improvers, board and wetsuit included, on Lisbon's best surf beach.",
      durationMinutes: 150,
      location: "Carcavelos Beach",
      price: 3500,
      minParticipants: 1,
      maxParticipants: 4,
      cutoffMinutes: 180,
      times: ["09:00", "13:00"],
      capacity: 6,
      questions: [
        { label: "Surfing level", type: "select", required: true, options: ["first time", "beginner", "intermediate"] },
        birthDate,
        medical,
        liability,
      ],
    },
    {
      name: "Tuk-Tuk Hills Tour",
      description:
        "Ninety minutes up and down the seven hills in an electric tuk-tuk, with stops at the best miradouros.",
      durationMinutes: 90,
      location: "Lisbon, Praça do Comércio",
      price: 3000,
      extraUnits: [{ id: "child", label: "Child", minAge: 3, maxAge: 12, price: 1500 }],
      minParticipants: 1,
      maxParticipants: 4,
      cutoffMinutes: 15,
      times: ["10:00", "12:00", "14:00", "16:00"],
      capacity: 4,
      questions: [],
    },
  ],
};

export const HARBOUR: OperatorSpec = {
  slug: "harbour",
  name: "Sydney Harbour Adventures",
  timeZone: "Australia/Sydney",
  currency: "AUD",
  user: { email: "harbour@example.com", name: "Liam O'Connor", password: "correct-horse-battery" },
  partners: [
    { slug: "acme-travel", name: "Acme Travel", paymentPrefix: "ACME-PAY" },
    { slug: "oz-tours", name: "Oz Tours", paymentPrefix: "OZ" },
  ],
  bookings: 60,
  phones: [
    ["+614", 8],
    ["+6421", 7],
    ["+447", 9],
  ],
  customMeters: [
    {
      name: "api-calls",
      unit: "calls",
      description: "Searches of the booking widget",
      perDay: [2, 5],
      usage: [20, 200],
      decimals: 0,
    },
  ],
  activities: [
    {
      name: "Harbour Bridge Climb at Dawn",
      description: "Climb the arch of the Sydney Harbour Bridge as the city wakes up.",
      durationMinutes: 210,
      location: "Sydney, The Rocks",
      price: 32000,
      minParticipants: 1,
      maxParticipants: 6,
      cutoffMinutes: 240,
      times: ["05:00"],
      capacity: 12,
      questions: [birthDate, liability],
    },
    {
      name: "Whale Watching Cruise",
      description: "Humpbacks off the heads from a fast catamaran, with a marine biologist on board.",
      durationMinutes: 180,
      location: "Sydney, Circular Quay Wharf 6",
      price: 9900,
      minParticipants: 1,
      maxParticipants: 10,
      cutoffMinutes: 60,
      times: ["09:00", "13:30"],
      capacity: 20,
      questions: [notes],
    },
    {
      name: "Manly Ferry & Beach Walk",
      description: "The ferry to Manly, then a guided walk to Shelly Beach and North Head.",
      durationMinutes: 240,
      location: "Sydney, Circular Quay Wharf 3",
      price: 7500,
      minParticipants: 1,
      maxParticipants: 8,
      cutoffMinutes: 60,
      times: ["10:00"],
      capacity: 16,
      questions: [],
    },
  ],
};
