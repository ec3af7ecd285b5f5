import { View } from "../shell/ui";

export function NotFound() {
  return (
    <View title="Page not found">
      <p>Quire has no page at this address.</p>
      <p>
        <a href="/">Go to your organizations</a>
      </p>
    </View>
  );
}
