import type { FastifyReply } from 'fastify';

/**
 * A JSON document sent as a file to download (`Content-Disposition: attachment` with its name),
 * indented: the console's exports are for people to read too.
 */
export const sendJsonFile = (reply: FastifyReply, file: { document: unknown; filename: string }) =>
  reply
    .type('application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .serializer((payload) => JSON.stringify(payload, null, 2))
    .send(file.document);
