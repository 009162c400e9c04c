import { z } from "zod";

import { QUESTION_TYPES } from "@slotwise/core";

export const questionSchema = z
  .object({
    ID: z.string(),
    Label: z.string(),
    Type: z.enum(QUESTION_TYPES),
    Required: z.boolean(),
    HelpText: z.string().nullable(),
    Options: z.array(z.string()).optional().meta({ description: "Only for select and multiselect" }),
    Accept: z.array(z.string()).optional().meta({ description: "Only for file: accepted media types" }),
    MaxFileSizeMB: z.int().optional().meta({ description: "Only for file" }),
  })
  .meta({
    id: "WaiverQuestion",
    examples: [
      {
        ID: "q_8Jd2kLm1Qz",
        Label: "Photo ID of the lead participant",
        Type: "file",
        Required: true,
        HelpText: null,
        Accept: ["application/pdf", "image/*"],
        MaxFileSizeMB: 10,
      },
    ],
  });
