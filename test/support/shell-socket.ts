import type WebSocket from 'ws';

let nextId = 1;

/**
 * One call over the browser shell's WebSocket, as the renderer's bridge makes it: a frame
 * `{id, method, input}` out, the `result` of the frame with the same id back.
 */
export function shellCall(ws: WebSocket, method: string, input: unknown): Promise<any> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString());
      if (frame.id === id) {
        ws.off('message', onMessage);
        resolve(frame.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, input }));
  });
}
